import type { EshopProduct } from '../../api/eshop';

/** The first picture of a product, small, for a table's cell; a dash when it has none. */
export function ProductThumbnail({
  product,
  size = 40,
}: {
  product: Pick<EshopProduct, 'name' | 'images'>;
  size?: number;
}) {
  const first = product.images[0];
  if (!first) return <span aria-label={`No picture of ${product.name}`}>—</span>;
  return (
    <img
      src={first.url}
      alt={`Picture of ${product.name}`}
      width={size}
      height={size}
      loading="lazy"
      style={{ objectFit: 'cover', borderRadius: 4, display: 'block' }}
    />
  );
}
