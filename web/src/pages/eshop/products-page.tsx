import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import Tabs from '@cloudscape-design/components/tabs';
import type { TabsProps } from '@cloudscape-design/components/tabs';
import { isMemberRole } from '@coopledger/shared/roles';
import { eshopCategorySchema, eshopProductSchema } from '@coopledger/shared/schemas/eshop';
import type { Query } from '../../api/client';
import { useEntityOptions } from '../../api/entities';
import type { EshopCategory, EshopProduct } from '../../api/eshop';
import { ESHOP_ENDPOINTS, eshopProductPath, mayChangeEshopCategories, mayChangeEshopProducts } from '../../api/eshop';
import { exportProducts, mayExportProducts } from '../../api/eshop-reports';
import { statusColumn } from '../../components/crud/columns';
import type { CrudConfig } from '../../components/crud/crud-section';
import { CrudSection, tableProps } from '../../components/crud/crud-section';
import { EntityTable } from '../../components/crud/entity-table';
import type { Choice } from '../../components/crud/field-defs';
import { STATUS_CHOICES } from '../../components/crud/field-defs';
import { TabbedCrud } from '../../components/crud/tabbed-crud';
import { useFileDownload } from '../../components/hooks/use-file-download';
import { useRequiredSession } from '../../session/use-session';
import { ChoiceSelect } from '../setup/chart/choice-select';
import { SetupPage } from '../setup/setup-page';
import { categoryChoices, categoryText, priceText, productFilters, quantityText } from './product-format';
import { ProductThumbnail } from './product-pictures';

const categoryConfig: CrudConfig<EshopCategory> = {
  endpoint: ESHOP_ENDPOINTS.categories,
  title: 'Product categories',
  noun: 'product category',
  schema: eshopCategorySchema,
  fields: [
    { name: 'name', label: 'Name' },
    { name: 'status', label: 'Status', kind: 'status' },
    { name: 'description', label: 'Description', kind: 'textarea' },
  ],
  columns: [
    { id: 'name', header: 'Name', cell: (row) => row.name, isRowHeader: true },
    { id: 'description', header: 'Description', cell: (row) => row.description },
    statusColumn(),
  ],
  nameOf: (row) => row.name,
};

/**
 * The platform's e-shop categories: the super-admin adds, changes and deletes them beside the list;
 * everyone else reads the list only.
 */
function CategoriesTab() {
  const { user } = useRequiredSession();
  if (mayChangeEshopCategories(user.role_name)) return <CrudSection config={categoryConfig} />;
  return (
    <SpaceBetween size="s">
      <Box color="text-body-secondary">The platform's product categories; the super-admin manages them.</Box>
      <EntityTable<EshopCategory> {...tableProps(categoryConfig)} />
    </SpaceBetween>
  );
}

const CATEGORIES_TAB: TabsProps.Tab = { id: 'categories', label: 'Product Categories', content: <CategoriesTab /> };

function productColumns(shopper: boolean): TableProps.ColumnDefinition<EshopProduct>[] {
  const columns: TableProps.ColumnDefinition<EshopProduct>[] = [
    { id: 'picture', header: 'Picture', cell: (row) => <ProductThumbnail product={row} /> },
    {
      id: 'name',
      header: 'Name',
      cell: (row) => <Link to={eshopProductPath(row.id)}>{row.name}</Link>,
      isRowHeader: true,
    },
    { id: 'sku', header: 'SKU', cell: (row) => row.sku },
    { id: 'category', header: 'Category', cell: categoryText },
    statusColumn(),
    { id: 'buying', header: 'Buying price', cell: (row) => priceText(row.buying_price) },
    { id: 'selling', header: 'Selling price', cell: (row) => priceText(row.selling_price) },
    { id: 'max', header: 'Max purchase qty', cell: (row) => quantityText(row.max_purchase_quantity) },
    { id: 'low', header: 'Low stock warning', cell: (row) => quantityText(row.low_stock_quantity) },
  ];
  // Members and executives never see the buying price, nor Inactive products.
  return shopper ? columns.filter((c) => c.id !== 'buying' && c.id !== 'status') : columns;
}

function productConfig(shopper: boolean, categories: Choice[], loading: boolean): CrudConfig<EshopProduct> {
  return {
    endpoint: ESHOP_ENDPOINTS.products,
    title: 'Products',
    noun: 'product',
    schema: eshopProductSchema,
    formColumns: 2,
    fields: [
      { name: 'name', label: 'Name' },
      {
        name: 'sku',
        label: 'SKU',
        constraintText: 'Letters, digits, dots, dashes and underscores; one product per SKU',
      },
      { name: 'category_id', label: 'Category', kind: 'select', options: categories, loading },
      { name: 'status', label: 'Status', kind: 'status' },
      { name: 'buying_price', label: 'Buying price (₦)', kind: 'number' },
      { name: 'selling_price', label: 'Selling price (₦)', kind: 'number' },
      { name: 'max_purchase_quantity', label: 'Maximum purchase quantity', kind: 'number' },
      {
        name: 'low_stock_quantity',
        label: 'Low stock quantity warning',
        kind: 'number',
        constraintText: 'The stock at which the product is flagged as running low',
      },
      { name: 'description', label: 'Description - optional', kind: 'textarea' },
    ],
    columns: productColumns(shopper),
    nameOf: (row) => row.name,
  };
}

/**
 * The spec's Excel and PDF buttons: the list as it is searched and filtered, every page of it (the
 * API refuses a list of more than 2,000 products with a message, shown as a toast).
 */
function ProductExport({ filters }: { filters: Query }) {
  const excel = useFileDownload(exportProducts);
  const pdf = useFileDownload(exportProducts);
  return (
    <SpaceBetween direction="horizontal" size="xs">
      <Button iconName="download" loading={excel.downloading} onClick={() => excel.download('xlsx', filters)}>
        Excel
      </Button>
      <Button iconName="file" loading={pdf.downloading} onClick={() => pdf.download('pdf', filters)}>
        PDF
      </Button>
    </SpaceBetween>
  );
}

/** The active cooperative's products: the list with its search and filters, and the add/edit form. */
function ProductTabs() {
  const { user } = useRequiredSession();
  const shopper = isMemberRole(user.role_name);
  const { records, isPending } = useEntityOptions<EshopCategory>(ESHOP_ENDPOINTS.categories);
  const categories = useMemo(() => categoryChoices(records), [records]);
  const categoryFilter = useMemo(() => categoryChoices(records, { offerInactive: true }), [records]);
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const config = useMemo(() => productConfig(shopper, categories, isPending), [shopper, categories, isPending]);
  const filterControls = (
    <SpaceBetween direction="horizontal" size="l">
      <ChoiceSelect
        label="Category"
        value={categoryId}
        options={categoryFilter}
        loading={isPending}
        placeholder="All categories"
        allLabel="All categories"
        onChange={setCategoryId}
      />
      {!shopper && (
        <ChoiceSelect
          label="Status"
          value={status}
          options={STATUS_CHOICES}
          placeholder="All statuses"
          allLabel="All statuses"
          onChange={setStatus}
        />
      )}
    </SpaceBetween>
  );
  const filtered = categoryId !== null || status !== null;
  return (
    <TabbedCrud
      config={config}
      listLabel="Products List"
      formLabel="Add Product"
      writable={mayChangeEshopProducts(user.role_name)}
      listProps={{
        filters: productFilters(categoryId, status),
        filterControls,
        emptyText: filtered ? 'No product matches these filters.' : undefined,
        headerActions: mayExportProducts(user.role_name)
          ? (search) => <ProductExport filters={{ ...productFilters(categoryId, status), query: search }} />
          : undefined,
      }}
      moreTabs={[CATEGORIES_TAB]}
    />
  );
}

/**
 * /e-shop/products: the store keeper's products of the active cooperative (the spec's Products List
 * and Add Product) and the platform's product categories. A super-admin works on the products of a
 * cooperative chosen with the switcher, and on the categories anywhere.
 */
export function EshopProductsPage() {
  const { activeCooperativeId } = useRequiredSession();
  return (
    <SetupPage title="Products" description="The store's products, and the product categories they are put in">
      {activeCooperativeId ? (
        // Keyed by cooperative: switching cooperative starts again on the list with no filter chosen.
        <ProductTabs key={activeCooperativeId} />
      ) : (
        <Tabs
          ariaLabel="Products"
          tabs={[
            {
              id: 'list',
              label: 'Products List',
              content: (
                <Alert type="info">Choose a cooperative with the switcher in the top bar to manage its products.</Alert>
              ),
            },
            CATEGORIES_TAB,
          ]}
        />
      )}
    </SetupPage>
  );
}
