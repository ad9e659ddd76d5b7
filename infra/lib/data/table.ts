import {
  AttributeType,
  BillingMode,
  ProjectionType,
  StreamViewType,
  Table,
  TableEncryption,
} from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { TABLE_SCHEMA } from '../../../functions/core/table-schema.ts';
import type { StageConfig } from '../stage-config.ts';

/** The single table, keyed exactly as functions/core/table-schema.ts declares (and the local runtime creates it). */
export function createTable(scope: Construct, stage: StageConfig): Table {
  const table = new Table(scope, 'Table', {
    partitionKey: { name: TABLE_SCHEMA.partitionKey, type: AttributeType.STRING },
    sortKey: { name: TABLE_SCHEMA.sortKey, type: AttributeType.STRING },
    billingMode: BillingMode.PAY_PER_REQUEST,
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    encryption: TableEncryption.AWS_MANAGED,
    timeToLiveAttribute: TABLE_SCHEMA.ttlAttribute,
    // Notification events are delivered from the stream (infra/lib/notifications); new images only.
    stream: StreamViewType.NEW_IMAGE,
    deletionProtection: stage.retainData,
    removalPolicy: stage.removalPolicy,
  });
  for (const index of TABLE_SCHEMA.globalIndexes) {
    table.addGlobalSecondaryIndex({
      indexName: index.indexName,
      partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
      sortKey: { name: index.sortKey, type: AttributeType.STRING },
      projectionType: ProjectionType.ALL,
    });
  }
  return table;
}
