import { Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import { WebSocketApi, WebSocketRoute, WebSocketStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { Construct } from 'constructs';
import { WEBSOCKET_ACCESS_LOG } from '../edge/access-log.ts';
import { baseEnvironment } from '../lambda/environment.ts';
import type { AppResources } from '../lambda/environment.ts';
import { grantTableReadWrite } from '../lambda/grants.ts';
import { nodeFunction } from '../lambda/node-function.ts';
import { acknowledge } from '../nag/acknowledge.ts';
import { allowFindings } from '../nag/allow-findings.ts';
import { entryPath } from '../paths.ts';

export const CHAT_ENTRY = 'functions/chat/ws-handler.ts';
export const CHAT_AUTHORIZER_ENTRY = 'functions/chat/ws-authorizer.ts';

/** What a function needs to push to the chat's open connections. */
export interface ChatConnections {
  api: WebSocketApi;
  callbackUrl: string;
}

/**
 * Lets a function post to and close the chat's connections: the grant on this API's @connections
 * and the callback URL that functions/core/config.ts reads.
 */
export function allowChatPush(fn: NodejsFunction, chat: ChatConnections): void {
  chat.api.grantManageConnections(fn);
  allowFindings(fn.role ?? fn, [
    {
      rule: 'AwsSolutions-IAM5',
      finding: /\/@connections\/\*$/,
      reason:
        "Messages go to (and sign-outs close) connections whose IDs exist only at run time; the grant is limited to this API's @connections.",
    },
  ]);
  fn.addEnvironment('WEBSOCKET_CALLBACK_URL', chat.callbackUrl);
}

export interface ChatStackProps extends StackProps {
  resources: AppResources;
  /** The WebSocket API, created in the Edge stack so that the site's CSP can name its host. */
  api: WebSocketApi;
}

/**
 * Chat: a WebSocket API whose three routes reach one function, which posts back through the
 * callback URL. $connect is authorized by a Lambda that verifies the Cognito ID token sent as the
 * `token` query parameter (browsers cannot set headers on a WebSocket); API Gateway then hands the
 * verified claims to every later event of the connection.
 */
export class ChatStack extends Stack {
  /** `wss://<id>.execute-api.<region>.amazonaws.com/<stage>`, for the web app's config. */
  readonly webSocketUrl: string;
  /** The API and its @connections URL, for functions that push to open connections. */
  readonly connections: ChatConnections;
  /** The WebSocket handler and its $connect authorizer, for monitoring. */
  readonly functions: { chat: NodejsFunction; authorizer: NodejsFunction };

  constructor(scope: Construct, id: string, props: ChatStackProps) {
    super(scope, id, props);
    const { resources } = props;
    const fn = nodeFunction(this, 'ChatFunction', {
      entry: entryPath(CHAT_ENTRY),
      description: 'the chat WebSocket API',
      environment: baseEnvironment(resources),
      stage: resources.stage,
    });
    grantTableReadWrite(fn, resources.table);

    const authorizerFn = nodeFunction(this, 'ChatAuthorizerFunction', {
      entry: entryPath(CHAT_AUTHORIZER_ENTRY),
      description: 'the chat WebSocket $connect authorizer',
      environment: baseEnvironment(resources),
      stage: resources.stage,
    });
    this.functions = { chat: fn, authorizer: authorizerFn };
    const authorizer = new WebSocketLambdaAuthorizer('ChatAuthorizer', authorizerFn, {
      identitySource: ['route.request.querystring.token'],
    });

    const { api } = props;
    // Routes bind their authorizer and integration under the API construct they are given; a
    // reference made here keeps those in this stack rather than in the Edge stack that owns the API.
    const apiHere = WebSocketApi.fromWebSocketApiAttributes(this, 'ChatApi', {
      webSocketId: api.apiId,
      apiEndpoint: api.apiEndpoint,
    });
    const integration = new WebSocketLambdaIntegration('ChatIntegration', fn);
    new WebSocketRoute(this, 'ConnectRoute', { webSocketApi: apiHere, routeKey: '$connect', integration, authorizer });
    for (const [id, routeKey] of [
      ['DisconnectRoute', '$disconnect'],
      ['DefaultRoute', '$default'],
    ]) {
      const route = new WebSocketRoute(this, id, { webSocketApi: apiHere, routeKey, integration });
      acknowledge(
        route,
        'AwsSolutions-APIG4',
        `API Gateway accepts an authorizer on $connect only; ${routeKey} runs solely on connections that $connect authorized, with their verified claims.`,
      );
    }

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: resources.stage.logRetention,
      removalPolicy: resources.stage.removalPolicy,
    });
    const stage = new WebSocketStage(this, 'Stage', {
      webSocketApi: api,
      stageName: resources.stage.name,
      autoDeploy: true,
      throttle: resources.stage.apiThrottle,
      accessLogSettings: { destination: new LogGroupLogDestination(accessLogs), format: WEBSOCKET_ACCESS_LOG },
    });

    this.connections = { api, callbackUrl: stage.callbackUrl };
    allowChatPush(fn, this.connections);
    this.webSocketUrl = stage.url;
  }
}
