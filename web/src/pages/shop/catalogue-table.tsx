import { useMemo, useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../../components/tables/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { MAX_ORDER_LINES } from '@coopledger/shared/schemas/eshop';
import { ProductThumbnail } from '../eshop/product-pictures';
import type { ShopProduct } from '../../api/shop';
import { useShopCategories, useShopProducts } from '../../api/shop';
import { useDebouncedValue } from '../../components/hooks/use-debounced-value';
import { resultsPagination, totalText } from '../../components/crud/results-pagination';
import { formatNaira } from '../../format/money';
import type { Cart } from './cart';
import { addableQuantity, hasRoomFor } from './cart';

const ALL_CATEGORIES = { value: '', label: 'All categories' };

/** The search, category and page of the catalogue; a new search or category starts at page 1. */
function useCatalogueFilters() {
  const [search, setSearch] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [page, setPage] = useState(1);
  const query = useDebouncedValue(search.trim());
  const params = useMemo(
    () => ({ page, query: query || undefined, category_id: categoryId || undefined }),
    [page, query, categoryId],
  );
  return {
    search,
    categoryId,
    params,
    setPage,
    setSearch: (next: string) => {
      setSearch(next);
      setPage(1);
    },
    setCategoryId: (next: string) => {
      setCategoryId(next);
      setPage(1);
    },
  };
}

interface CatalogueTableProps {
  cart: Cart;
  onAdd: (product: ShopProduct, quantity: number) => void;
}

/** The store's Active products by name, with search, a category filter, and Add to cart with a quantity. */
export function CatalogueTable({ cart, onAdd }: CatalogueTableProps) {
  const filters = useCatalogueFilters();
  const products = useShopProducts(filters.params);
  const categories = useShopCategories();
  // The quantity typed beside each product, 1 until changed.
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const meta = products.data?.meta;

  const categoryOptions = useMemo(
    () => [ALL_CATEGORIES, ...(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))],
    [categories.data],
  );

  const columns = useMemo<TableProps.ColumnDefinition<ShopProduct>[]>(() => {
    const quantityText = (product: ShopProduct) => quantities[product.id] ?? '1';
    return [
      { id: 'picture', header: 'Picture', cell: (product) => <ProductThumbnail product={product} size={56} /> },
      {
        id: 'name',
        header: 'Product',
        isRowHeader: true,
        cell: (product) => (
          <div>
            <div>{product.name}</div>
            {product.description && (
              <Box variant="small" color="text-body-secondary">
                {product.description}
              </Box>
            )}
          </div>
        ),
      },
      { id: 'category', header: 'Category', cell: (product) => product.category?.name ?? '-' },
      { id: 'price', header: 'Price', cell: (product) => formatNaira(product.selling_price) },
      { id: 'max', header: 'Max per order', cell: (product) => product.max_purchase_quantity.toLocaleString('en-NG') },
      {
        id: 'stock',
        header: 'In stock',
        cell: (product) => (product.in_stock > 0 ? product.in_stock.toLocaleString('en-NG') : 'Out of stock'),
      },
      {
        id: 'add',
        header: 'Add to cart',
        minWidth: 220,
        cell: (product) => {
          const quantity = addableQuantity(quantityText(product), product);
          const room = hasRoomFor(cart, product.id);
          return (
            <SpaceBetween direction="horizontal" size="xs" alignItems="center">
              <div style={{ width: 80 }}>
                <Input
                  type="number"
                  inputMode="numeric"
                  ariaLabel={`Quantity of ${product.name}`}
                  value={quantityText(product)}
                  invalid={quantity === undefined}
                  onChange={({ detail }) => setQuantities((all) => ({ ...all, [product.id]: detail.value }))}
                />
              </div>
              <Button
                iconName="add-plus"
                ariaLabel={`Add ${product.name} to the cart`}
                disabled={quantity === undefined || !room}
                disabledReason={
                  !room
                    ? `An order takes at most ${MAX_ORDER_LINES} different products`
                    : `Choose from 1 to ${product.max_purchase_quantity.toLocaleString('en-NG')}`
                }
                onClick={() => {
                  if (quantity === undefined) return;
                  onAdd(product, quantity);
                  setQuantities((all) => ({ ...all, [product.id]: '1' }));
                }}
              >
                Add to cart
              </Button>
            </SpaceBetween>
          );
        },
      },
    ];
  }, [cart, onAdd, quantities]);

  const filtered = Boolean(filters.params.query || filters.params.category_id);
  return (
    <Table<ShopProduct>
      variant="container"
      ariaLabels={{ tableLabel: 'Products' }}
      trackBy="id"
      wrapLines
      items={products.data?.data ?? []}
      columnDefinitions={columns}
      loading={products.isPending}
      loadingText="Loading products"
      header={
        <Header counter={meta ? `(${totalText(meta)})` : undefined} description="What the store has for members.">
          Products
        </Header>
      }
      filter={
        <SpaceBetween direction="horizontal" size="l" alignItems="end">
          <FormField label="Search">
            <TextFilter
              filteringText={filters.search}
              filteringPlaceholder="Product name or SKU"
              filteringAriaLabel="Search products by name or SKU"
              onChange={({ detail }) => filters.setSearch(detail.filteringText)}
            />
          </FormField>
          <FormField label="Category">
            <Select
              ariaLabel="Category"
              selectedOption={categoryOptions.find((o) => o.value === filters.categoryId) ?? ALL_CATEGORIES}
              options={categoryOptions}
              statusType={categories.isPending ? 'loading' : 'finished'}
              loadingText="Loading categories"
              onChange={({ detail }) => filters.setCategoryId(detail.selectedOption.value ?? '')}
            />
          </FormField>
        </SpaceBetween>
      }
      empty={
        <Box textAlign="center" color="inherit" padding="m">
          <b>No products</b>
          <Box variant="p" color="inherit">
            {products.isError
              ? 'The products could not be loaded.'
              : filtered
                ? 'No product matches this search or category.'
                : 'The store has no products yet.'}
          </Box>
        </Box>
      }
      pagination={resultsPagination(meta, products.isFetching, filters.setPage)}
    />
  );
}
