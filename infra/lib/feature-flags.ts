/**
 * CDK feature flags, pinned here rather than in cdk.json so that `cdk synth` and the in-process
 * tests build exactly the same templates. Only flags that change what this app synthesizes are
 * listed; each is the behaviour CDK recommends for new projects.
 */
export const FEATURE_FLAGS: Record<string, boolean | string> = {
  '@aws-cdk/aws-lambda:recognizeLayerVersion': true,
  '@aws-cdk/core:checkSecretUsage': true,
  '@aws-cdk/aws-iam:minimizePolicies': true,
  '@aws-cdk/core:enablePartitionLiterals': true,
  // Log delivery to the access-log buckets by bucket policy, not by the legacy LogDeliveryWrite ACL.
  '@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy': true,
  '@aws-cdk/aws-s3:createDefaultLoggingPolicy': true,
  '@aws-cdk/aws-s3:publicAccessBlockedByDefault': true,
  '@aws-cdk/aws-iam:importedRoleStackSafeDefaultPolicyName': true,
  '@aws-cdk/core:includePrefixInUniqueNameGeneration': true,
  '@aws-cdk/aws-cloudfront:defaultViewerProtocolPolicyRedirectToHttps': true,
  // Stacks read each other's outputs with Fn::GetStackOutput instead of exports, so a producer
  // (say, the distribution feeding the data stack's CORS) can change without an export deadlock.
  '@aws-cdk/core:defaultCrossStackReferences': 'weak',
};
