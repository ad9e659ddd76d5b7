import { useMemo } from 'react';
import Tabs from '@cloudscape-design/components/tabs';
import { productCategorySchema, productSchema } from '@coopledger/shared/schemas/setup';
import type { Product, ProductCategory } from '../../api/setup-endpoints';
import { ENDPOINTS } from '../../api/setup-endpoints';
import { statusColumn } from '../../components/crud/columns';
import type { CrudConfig } from '../../components/crud/crud-section';
import { CrudSection } from '../../components/crud/crud-section';
import { SetupPage } from './setup-page';
import { useRecordChoices } from './use-choices';

const categoryConfig: CrudConfig<ProductCategory> = {
  endpoint: ENDPOINTS.productCategories,
  title: 'Product categories',
  noun: 'product category',
  schema: productCategorySchema,
  fields: [
    { name: 'name', label: 'Name' },
    { name: 'description', label: 'Description - optional', kind: 'textarea' },
    { name: 'status', label: 'Status', kind: 'status' },
  ],
  columns: [
    { id: 'name', header: 'Name', cell: (row) => row.name, isRowHeader: true },
    { id: 'description', header: 'Description', cell: (row) => row.description ?? '' },
    statusColumn(),
  ],
  nameOf: (row) => row.name,
};

const categoryName = (category: ProductCategory) => category.name;

function ProductsTab() {
  const categories = useRecordChoices<ProductCategory>(ENDPOINTS.productCategories, categoryName);
  const config = useMemo<CrudConfig<Product>>(
    () => ({
      endpoint: ENDPOINTS.products,
      title: 'Products',
      noun: 'product',
      schema: productSchema,
      fields: [
        {
          name: 'category_id',
          label: 'Category',
          kind: 'select',
          options: categories.options,
          loading: categories.loading,
        },
        { name: 'name', label: 'Name' },
        { name: 'status', label: 'Status', kind: 'status' },
      ],
      columns: [
        { id: 'name', header: 'Name', cell: (row) => row.name, isRowHeader: true },
        { id: 'category', header: 'Category', cell: (row) => row.category?.name ?? '' },
        statusColumn(),
      ],
      nameOf: (row) => row.name,
    }),
    [categories.options, categories.loading],
  );
  return <CrudSection config={config} />;
}

/** /setup/products: product categories (Savings, Loans...) and the products in them. */
export function ProductsPage() {
  return (
    <SetupPage title="Products" description="Product categories and the savings and loan products in them">
      <Tabs
        ariaLabel="Products"
        tabs={[
          { id: 'categories', label: 'Product Categories', content: <CrudSection config={categoryConfig} /> },
          { id: 'products', label: 'Products', content: <ProductsTab /> },
        ]}
      />
    </SetupPage>
  );
}
