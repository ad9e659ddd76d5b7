/**
 * The single table's key schema, declared once: CDK creates the table from it in the cloud and the
 * local runtime creates it in DynamoDB Local. Item keys are composed in `keys.ts`.
 */
export const TABLE_SCHEMA = {
  partitionKey: 'pk',
  sortKey: 'sk',
  globalIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
  /** Expiring items (idempotency records of failed attempts, reset codes) carry this attribute. */
  ttlAttribute: 'expires_at',
} as const;

export type IndexName = (typeof TABLE_SCHEMA.globalIndexes)[number]['indexName'];
