// ExcelJS 4.4's address decoder, which it uses for every range it reads (merged cells, data
// validations, defined names); exceljs ships no types for its internals. functions/core/workbook-shape.ts
// decodes ranges with it so it measures exactly what ExcelJS will expand.
declare module 'exceljs/lib/utils/col-cache.js' {
  interface DecodedRange {
    top: number;
    left: number;
    bottom: number;
    right: number;
  }
  interface DecodedAddress {
    row?: number;
    col?: number;
    error?: string;
  }
  const colCache: {
    /** `[sheet!][$]col[$]row[:[$]col[$]row]`; throws on a column past 16384. */
    decodeEx(value: string): DecodedRange | DecodedAddress;
  };
  export default colCache;
}
