import { Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import type { StageConfig } from '../stage-config.ts';
import { createFilesBucket } from './files-bucket.ts';
import { createLogsBucket } from './logs-bucket.ts';
import { createTable } from './table.ts';

export interface DataStackProps extends StackProps {
  stage: StageConfig;
  /** The site's origin (CloudFront), which uploads and downloads files with presigned URLs. */
  siteOrigin: string;
}

/** Stateful data: the single table and the files bucket. Retained in prod. */
export class DataStack extends Stack {
  readonly table: Table;
  readonly filesBucket: Bucket;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    this.table = createTable(this, props.stage);
    const accessLogs = createLogsBucket(this, 'AccessLogs', props.stage);
    this.filesBucket = createFilesBucket(this, {
      stage: props.stage,
      allowedOrigins: [props.siteOrigin, ...props.stage.extraBrowserOrigins],
      accessLogs,
    });
  }
}
