import { PDFDocument, StandardFonts } from 'pdf-lib';
import type {
  EshopProductSalesView,
  EshopSalesFiguresView,
  EshopSalesReportView,
  EshopTransactionView,
} from '@coopledger/shared/eshop-report-views';
import { ESHOP_TRANSACTION_KIND_LABELS } from '@coopledger/shared/eshop-report-views';
import { ESHOP_PAYMENT_METHOD_LABELS } from '@coopledger/shared/schemas/eshop';
import type { EshopProductView } from '@coopledger/shared/eshop-views';
import type { NairaFigure } from '@coopledger/shared/money';
import { figureKobo } from '@coopledger/shared/money';
import { PRODUCT_STATUS_LABELS, statusLabel } from '@coopledger/shared/statuses';
import type { StorePeriod } from '@coopledger/shared/store-periods';
import type { RouteResult } from '#core/http';
import type { Column } from '#core/pdf-layout';
import { CONTENT_WIDTH, LINE, Layout, MARGIN, MUTED, SMALL, drawFooters, pdfNaira, printable } from '#core/pdf-layout';
import type { TableColumn } from '#core/workbook';
import { tableWorkbook, tablesWorkbook } from '#core/workbook';

/**
 * The store's downloads (docs/decisions.md 2026-11-27 "Store dashboard and reports"): the
 * transactions and sales reports and the products list as .xlsx (core/workbook.ts, one bold header
 * row, naira columns with two decimals), and the products list as a PDF (core/pdf-layout.ts).
 */

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PDF = 'application/pdf';

/** A download's answer, its type from the file name's extension. */
export async function storeFile(fileName: string, content: Promise<Buffer>): Promise<RouteResult> {
  return {
    kind: 'file',
    fileName,
    contentType: fileName.endsWith('.pdf') ? PDF : XLSX,
    content: await content,
  };
}

/** How an order was paid, as the order screens say it; a method without a label as it is stored. */
const paymentLabel = (method: string | null) =>
  method === null ? null : (ESHOP_PAYMENT_METHOD_LABELS[method as keyof typeof ESHOP_PAYMENT_METHOD_LABELS] ?? method);

type Row = EshopTransactionView;
const TRANSACTION_COLUMNS: TableColumn<Row>[] = [
  { header: 'Date', width: 12, value: (r) => r.date },
  { header: 'Kind', width: 14, value: (r) => ESHOP_TRANSACTION_KIND_LABELS[r.kind] },
  { header: 'Order no.', width: 24, value: (r) => r.order_no },
  { header: 'Member', width: 26, value: (r) => r.member_name },
  { header: 'Member no.', width: 14, value: (r) => r.member_id },
  { header: 'Payment', width: 24, value: (r) => paymentLabel(r.payment_method) },
  { header: 'Product', width: 26, value: (r) => r.product_name },
  { header: 'Quantity', width: 10, value: (r) => r.quantity },
  { header: 'Amount', width: 16, money: true, value: (r) => r.amount },
  { header: 'Cost / value', width: 16, money: true, value: (r) => r.cost },
  { header: 'Supplier or reason', width: 30, value: (r) => r.detail },
  { header: 'By', width: 14, value: (r) => r.created_by },
];

export const transactionsWorkbook = (period: StorePeriod, rows: EshopTransactionView[]) =>
  tableWorkbook('Transactions', TRANSACTION_COLUMNS, rows, {
    title: `Store transactions ${period.from} to ${period.to}`,
  });

/** A row of the sales report's sheets: a product, a day or month, or the total. */
type SalesRow = EshopSalesFiguresView & { label: string; sku?: string };

const figureColumns: TableColumn<SalesRow>[] = [
  { header: 'Orders', width: 10, value: (r) => r.orders },
  { header: 'Units sold', width: 11, value: (r) => r.units },
  { header: 'Sales', width: 16, money: true, value: (r) => r.sales },
  { header: 'Units returned', width: 14, value: (r) => r.returned_units },
  { header: 'Returns', width: 16, money: true, value: (r) => r.returns },
  { header: 'Net sales', width: 16, money: true, value: (r) => r.net_sales },
  { header: 'Cost', width: 16, money: true, value: (r) => r.net_cost },
  { header: 'Margin', width: 16, money: true, value: (r) => r.margin },
];

export function salesReportWorkbook(report: EshopSalesReportView): Promise<Buffer> {
  // The totals of every order (a product's orders count the orders that hold it, so they do not add up).
  const total: SalesRow = { label: 'Total', ...report.totals };
  const product = (p: EshopProductSalesView): SalesRow => ({ ...p, label: p.name, sku: p.sku });
  return tablesWorkbook(
    [
      {
        name: 'By product',
        columns: [
          { header: 'Product', width: 30, value: (r) => r.label },
          { header: 'SKU', width: 16, value: (r) => r.sku },
          ...figureColumns,
        ],
        rows: [...report.products.map(product), total],
      },
      {
        name: report.group === 'day' ? 'By day' : 'By month',
        columns: [
          { header: report.group === 'day' ? 'Day' : 'Month', width: 12, value: (r) => r.label },
          ...figureColumns,
        ],
        rows: [...report.periods.map((p): SalesRow => ({ ...p, label: p.period })), total],
      },
    ],
    { title: `Store sales ${report.from} to ${report.to}` },
  );
}

/** What a products download lists and how it was filtered. */
export interface ProductsFile {
  cooperativeName: string;
  /** The filters and search as words ("Status Active; search rice"), or "All products". */
  filters: string;
  products: EshopProductView[];
  /** When it was made (ISO timestamp). */
  printedAt: string;
}

const productStatus = (p: EshopProductView) => statusLabel(PRODUCT_STATUS_LABELS, p.status, String(p.status));

const PRODUCT_COLUMNS: TableColumn<EshopProductView>[] = [
  { header: 'Name', width: 32, value: (p) => p.name },
  { header: 'SKU', width: 16, value: (p) => p.sku },
  { header: 'Category', width: 20, value: (p) => p.category?.name ?? '' },
  { header: 'Status', width: 10, value: productStatus },
  { header: 'Buying price', width: 16, money: true, value: (p) => p.buying_price },
  { header: 'Selling price', width: 16, money: true, value: (p) => p.selling_price },
  { header: 'Max purchase qty', width: 16, value: (p) => p.max_purchase_quantity },
  { header: 'Low stock warning', width: 17, value: (p) => p.low_stock_quantity },
  { header: 'In stock', width: 10, value: (p) => p.in_stock },
];

export const productsWorkbook = (file: ProductsFile) =>
  tableWorkbook('Products', PRODUCT_COLUMNS, file.products, {
    title: `${file.cooperativeName} products (${file.filters})`,
  });

/** A price of the list as the PDF prints it; a dash when there is none. */
const pdfPrice = (figure: NairaFigure | null) => (figure === null ? '-' : pdfNaira(figureKobo(figure) ?? 0n));

const PDF_COLUMNS: Column[] = [
  { title: 'Name', width: 104, align: 'left' },
  { title: 'SKU', width: 58, align: 'left' },
  { title: 'Category', width: 62, align: 'left' },
  { title: 'Status', width: 36, align: 'left' },
  { title: 'Buying price', width: 76, align: 'right' },
  { title: 'Selling price', width: 76, align: 'right' },
  { title: 'In stock', width: 36, align: 'right' },
  { title: 'Low stock', width: CONTENT_WIDTH - 448, align: 'right' },
];

/** The products list as an A4 PDF: the cooperative, the filters, the count and one table row per product. */
export async function productsPdf(file: ProductsFile): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  doc.setTitle(printable(`${file.cooperativeName} products`, regular));
  doc.setAuthor(printable(file.cooperativeName, regular));
  doc.setCreator('CoopLedger');
  doc.setProducer('CoopLedger');
  doc.setCreationDate(new Date(file.printedAt));

  const layout = new Layout(doc, regular, bold);
  layout.text(file.cooperativeName, MARGIN, { font: bold, size: 16 });
  layout.y -= 20;
  layout.text('Products', MARGIN, { font: bold, size: 12, color: MUTED });
  layout.text(`Printed ${file.printedAt.slice(0, 10)}`, MARGIN, { size: SMALL, color: MUTED, align: 'right' });
  layout.y -= LINE;
  const count = `${file.products.length} product${file.products.length === 1 ? '' : 's'}`;
  layout.text(`${file.filters}: ${count}`, MARGIN, { size: SMALL, color: MUTED });
  layout.y -= 8;
  layout.rule();
  layout.y -= LINE;
  layout.table(
    PDF_COLUMNS,
    file.products.map((p) => [
      p.name,
      p.sku,
      p.category?.name ?? '-',
      productStatus(p),
      pdfPrice(p.buying_price),
      pdfPrice(p.selling_price),
      String(p.in_stock),
      String(p.low_stock_quantity),
    ]),
  );
  drawFooters(layout, `${file.cooperativeName} - products`);
  return Buffer.from(await doc.save());
}
