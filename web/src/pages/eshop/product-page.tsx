import { useState } from 'react';
import { useParams } from 'react-router';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { MAX_PRODUCT_IMAGES } from '@coopledger/shared/schemas/eshop';
import { PRODUCT_STATUS_LABELS, statusLabel } from '@coopledger/shared/statuses';
import { errorMessage } from '../../api/api-error';
import type { EshopProduct } from '../../api/eshop';
import { mayChangeEshopProducts, useAddProductImage, useEshopProduct, useRemoveProductImage } from '../../api/eshop';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { useFollow } from '../../app/navigation/use-follow';
import { useRequiredSession } from '../../session/use-session';
import { categoryText, priceText, quantityText } from './product-format';

const IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

/** The product's pictures, each with Remove, and the upload of another while it has fewer than four. */
function Pictures({ product, writable }: { product: EshopProduct; writable: boolean }) {
  const add = useAddProductImage(product.id);
  const remove = useRemoveProductImage(product.id);
  const [files, setFiles] = useState<File[]>([]);
  const error = add.error ?? remove.error;
  const room = product.images.length < MAX_PRODUCT_IMAGES;
  const upload = (chosen: File[]) => {
    setFiles(chosen);
    const file = chosen[0];
    if (!file) return;
    add.mutate(file, {
      onSuccess: (envelope) => notificationsStore.notify('success', envelope.message),
      onSettled: () => setFiles([]),
    });
  };
  return (
    <Container
      header={
        <Header variant="h2" counter={`(${product.images.length}/${MAX_PRODUCT_IMAGES})`}>
          Pictures
        </Header>
      }
    >
      <SpaceBetween size="l">
        {product.images.length === 0 ? (
          <Box color="text-body-secondary">No pictures yet.</Box>
        ) : (
          <ul
            aria-label="Pictures"
            style={{ display: 'flex', flexWrap: 'wrap', gap: 16, listStyle: 'none', padding: 0 }}
          >
            {product.images.map((image, index) => (
              <li key={image.id}>
                <SpaceBetween size="xs">
                  <img
                    src={image.url}
                    alt={`Picture ${index + 1} of ${product.name}`}
                    width={160}
                    height={160}
                    style={{ objectFit: 'cover', borderRadius: 8, display: 'block' }}
                  />
                  {writable && (
                    <Button
                      ariaLabel={`Remove picture ${index + 1} of ${product.name}`}
                      loading={remove.isPending && remove.variables === image.id}
                      onClick={() =>
                        remove.mutate(image.id, {
                          onSuccess: (envelope) => notificationsStore.notify('success', envelope.message),
                        })
                      }
                    >
                      Remove
                    </Button>
                  )}
                </SpaceBetween>
              </li>
            ))}
          </ul>
        )}
        {writable && room && (
          <FormField
            label="Add a picture"
            constraintText="JPEG, PNG, GIF or WebP, at most 2 MB"
            errorText={add.error ? errorMessage(add.error) : undefined}
          >
            <FileUpload
              value={files}
              accept={IMAGE_ACCEPT}
              onChange={({ detail }) => upload(detail.value.slice(-1))}
              showFileSize
              i18nStrings={{
                uploadButtonText: () => (add.isPending ? 'Uploading…' : 'Choose picture'),
                dropzoneText: () => 'Drop the picture to upload',
                removeFileAriaLabel: () => 'Remove file',
                errorIconAriaLabel: 'Error',
                limitShowFewer: 'Show fewer files',
                limitShowMore: 'Show more files',
              }}
            />
          </FormField>
        )}
        {remove.error && error === remove.error && <Alert type="error">{errorMessage(remove.error)}</Alert>}
      </SpaceBetween>
    </Container>
  );
}

/**
 * /e-shop/products/:id: one product of the store, its details and its pictures (at most four; the
 * cooperative's admins add and remove them, the server checking each is an image by its bytes).
 */
export function EshopProductPage() {
  const id = useParams().id ?? '';
  const { user } = useRequiredSession();
  const follow = useFollow();
  const query = useEshopProduct(id);
  if (query.isPending) return <Spinner size="large" />;
  if (query.isError)
    return (
      <Alert type="error" header="The product could not be loaded">
        {errorMessage(query.error)}
      </Alert>
    );
  const product = query.data;
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={`SKU ${product.sku}`}
          actions={
            <Button href="/e-shop/products" onFollow={follow}>
              All products
            </Button>
          }
        >
          {product.name}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Container header={<Header variant="h2">Product</Header>}>
          <KeyValuePairs
            ariaLabel="Product details"
            columns={3}
            items={[
              { label: 'Category', value: categoryText(product) },
              { label: 'Status', value: statusLabel(PRODUCT_STATUS_LABELS, product.status) },
              { label: 'Selling price', value: priceText(product.selling_price) },
              ...(product.buying_price === null
                ? []
                : [{ label: 'Buying price', value: priceText(product.buying_price) }]),
              { label: 'In stock', value: quantityText(product.in_stock) },
              { label: 'Maximum per order', value: quantityText(product.max_purchase_quantity) },
              { label: 'Description', value: product.description ?? '—' },
            ]}
          />
        </Container>
        <Pictures product={product} writable={mayChangeEshopProducts(user.role_name)} />
      </SpaceBetween>
    </ContentLayout>
  );
}
