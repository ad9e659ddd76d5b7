import { useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../../components/tables/table';
import { errorMessage } from '../../api/api-error';
import type { StockMovementView } from '../../api/eshop-stock';
import { useDamages } from '../../api/eshop-stock';
import { resultsPagination, totalText } from '../../components/crud/results-pagination';
import { formatDay } from '../../format/dates';
import { formatNaira, subtractFigures } from '../../format/money';
import { StockChangeModal } from './stock-modals';
import { RECORDED_COLUMN } from './order-columns';
import { itemCount } from './stock-format';

/** A damage is kept as a movement out (negative); the list shows what was lost. */
const DAMAGE_COLUMNS: TableProps.ColumnDefinition<StockMovementView>[] = [
  { id: 'date', header: 'Date', cell: (move) => formatDay(move.date) },
  { id: 'product', header: 'Product', isRowHeader: true, cell: (move) => move.product_name },
  { id: 'quantity', header: 'Quantity', cell: (move) => itemCount(-move.quantity) },
  { id: 'value', header: 'Value written off', cell: (move) => formatNaira(subtractFigures(0, move.value)) },
  { id: 'reason', header: 'Reason', cell: (move) => move.reason ?? '—' },
  RECORDED_COLUMN,
];

/**
 * /e-shop/damages: damaged stock written off, newest first, and the form that writes more off
 * (taken out at the stock's average cost: Dr Inventory loss, Cr Inventory).
 */
export function EshopDamagesPage() {
  const [page, setPage] = useState(1);
  const [writingOff, setWritingOff] = useState(false);
  const damages = useDamages(page);
  const meta = damages.data?.meta;
  return (
    <ContentLayout
      header={
        <Header variant="h1" description="Stock that was damaged and written off at its average cost.">
          Damages
        </Header>
      }
    >
      <Table<StockMovementView>
        variant="container"
        ariaLabels={{ tableLabel: 'Damages' }}
        trackBy="id"
        wrapLines
        items={damages.data?.data ?? []}
        columnDefinitions={DAMAGE_COLUMNS}
        loading={damages.isPending}
        loadingText="Loading the damages"
        header={
          <Header
            counter={meta ? `(${totalText(meta)})` : undefined}
            actions={
              <Button variant="primary" iconName="add-plus" onClick={() => setWritingOff(true)}>
                Write off damaged stock
              </Button>
            }
          >
            Damages written off
          </Header>
        }
        empty={
          <Box textAlign="center" color="inherit" padding="m">
            <b>No damages</b>
            <Box variant="p" color="inherit">
              {damages.isError ? errorMessage(damages.error) : 'No damaged stock has been written off.'}
            </Box>
          </Box>
        }
        pagination={resultsPagination(meta, damages.isFetching, setPage)}
      />
      <StockChangeModal visible={writingOff} kind="damage" product={null} onClose={() => setWritingOff(false)} />
    </ContentLayout>
  );
}
