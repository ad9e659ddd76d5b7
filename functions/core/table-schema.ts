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
    /**
     * Payroll dues (docs/data-model.md "Payroll"): sparse, only active savings plans and repaying
     * loans carry its keys, and it holds only what the dues are computed from (never a schedule).
     */
    {
      indexName: 'gsi3',
      partitionKey: 'gsi3pk',
      sortKey: 'gsi3sk',
      include: [
        'id',
        'member_id',
        'product_id',
        'product_name',
        'status',
        'start_date',
        'end_date',
        'frequency',
        'amount',
        'is_target',
        'date',
        'repayment_type',
        'is_paid',
        'owed_by_date',
      ],
    },
  ],
  /** Expiring items (idempotency records of failed attempts, reset codes) carry this attribute. */
  ttlAttribute: 'expires_at',
} as const;

export type IndexName = (typeof TABLE_SCHEMA.globalIndexes)[number]['indexName'];
type GlobalIndex = (typeof TABLE_SCHEMA.globalIndexes)[number];

/** The non-key attributes an index projects: a list (INCLUDE), or undefined for all of them (ALL). */
export const projectedAttributes = (index: GlobalIndex): readonly string[] | undefined =>
  'include' in index ? index.include : undefined;
