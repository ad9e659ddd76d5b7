import { useState } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import FormField from '@cloudscape-design/components/form-field';
import type { SelectProps } from '@cloudscape-design/components/select';
import Select from '@cloudscape-design/components/select';
import type { StockView } from '../../api/eshop-stock';
import { useStockChoices } from '../../api/eshop-stock';
import { useDebouncedValue } from '../../components/hooks/use-debounced-value';
import { formatNaira } from '../../format/money';
import { itemCount } from './stock-format';

const optionOf = (stock: StockView): SelectProps.Option => ({
  value: stock.product_id,
  label: stock.name,
  description: `SKU ${stock.sku}`,
  tags: [`${itemCount(stock.available)} available`],
});

/** What the form shows of the chosen product's stock, under the choice. */
const stockText = (stock: StockView) =>
  `${itemCount(stock.on_hand)} on hand, ${itemCount(stock.available)} available, average cost ${formatNaira(stock.average_cost)}`;

interface ProductFieldProps<T extends FieldValues> {
  control: Control<T>;
  /** The form's field holding the product's id ('' while none is chosen). */
  name: FieldPath<T>;
  /** The product the form was opened for (a row's action), chosen to start with. */
  initial?: StockView | null;
}

/**
 * The product a stock form changes, searched by name or SKU on the server as the reader types (the
 * stock list's search, a page of 20), with its stock under the choice. Bound to react-hook-form, with
 * the field's message under it.
 */
export function ProductField<T extends FieldValues>({ control, name, initial = null }: ProductFieldProps<T>) {
  const [filter, setFilter] = useState('');
  const [opened, setOpened] = useState(false);
  const [chosen, setChosen] = useState<StockView | null>(initial);
  const query = useDebouncedValue(filter.trim());
  const choices = useStockChoices(query, opened);
  const items = choices.data?.data ?? [];
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const selected = chosen && field.value === chosen.product_id ? chosen : null;
        return (
          <FormField
            label="Product"
            description={selected ? stockText(selected) : undefined}
            errorText={fieldState.error?.message}
          >
            <Select
              ariaLabel="Product"
              placeholder="Search by name or SKU"
              filteringType="manual"
              filteringPlaceholder="Name or SKU"
              filteringAriaLabel="Search products"
              selectedOption={selected ? optionOf(selected) : null}
              options={items.map(optionOf)}
              statusType={choices.isFetching ? 'loading' : choices.isError ? 'error' : 'finished'}
              loadingText="Finding products"
              errorText="The products could not be loaded"
              empty="No product matches"
              invalid={fieldState.invalid}
              onLoadItems={({ detail }) => {
                setOpened(true);
                setFilter(detail.filteringText);
              }}
              onFocus={() => setOpened(true)}
              onChange={({ detail }) => {
                const stock = items.find((item) => item.product_id === detail.selectedOption.value) ?? null;
                setChosen(stock);
                field.onChange(stock?.product_id ?? '');
              }}
              onBlur={field.onBlur}
            />
          </FormField>
        );
      }}
    />
  );
}
