import { useMemo } from 'react';
import type { Charge, Product } from '../../../api/setup-endpoints';
import { ENDPOINTS } from '../../../api/setup-endpoints';
import { useGlChoices, useRecordChoices } from '../use-choices';

const productLabel = (product: Product) =>
  product.category ? `${product.name} (${product.category.name})` : product.name;
const chargeLabel = (charge: Charge) => `${charge.name} (${charge.amount}%)`;

/** What the savings and loan setup forms choose from: products, charges and GL accounts. */
export function useSetupChoices() {
  const products = useRecordChoices<Product>(ENDPOINTS.products, productLabel);
  const charges = useRecordChoices<Charge>(ENDPOINTS.charges, chargeLabel);
  const gl = useGlChoices();
  const records = charges.records;
  // Choosing a charge shows its amount: the server takes the amount from the charge itself.
  const chargeAmount = useMemo(
    () => (chargeId: string) => ({
      charge_amount: String(records.find((charge) => charge.id === chargeId)?.amount ?? ''),
    }),
    [records],
  );
  return useMemo(() => ({ products, charges, gl, chargeAmount }), [products, charges, gl, chargeAmount]);
}
