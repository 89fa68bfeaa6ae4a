/**
 * The brand's store connections, each drawn by the page (`children`) with its state in words; the
 * facts every page shows (which store, when it was installed) are `StoreName` and `Installed`.
 */
import { StatePanel } from '../../../components/ui/state-panel.tsx';
import type { Brand } from '../../../lib/brand.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useStoreConnections } from '../api/get-store-connections.ts';
import type { StoreConnection } from '../api/types.ts';
import { connectionInWords } from './words.ts';

const PLATFORMS: Record<string, string> = { shopify: 'Shopify', bigcommerce: 'BigCommerce' };

export function StoreConnections({
  brand,
  children,
}: {
  brand: Brand;
  children(c: StoreConnection, words: ReturnType<typeof connectionInWords>): React.ReactNode;
}) {
  const stores = useStoreConnections(brand.id);
  return (
    <StatePanel
      loading={stores.isPending}
      error={stores.error}
      onRetry={() => void stores.refetch()}
      empty={stores.data?.items.length === 0}
      emptyMessage="No store is connected. Install the Reclaim app from your Shopify or BigCommerce admin."
      label="the store connection"
    >
      {stores.data?.items.map((c) => children(c, connectionInWords(c)))}
    </StatePanel>
  );
}

export function StoreName({ c }: { c: StoreConnection }) {
  return (
    <>
      <dt>Store</dt>
      <dd>
        {PLATFORMS[c.platform] ?? c.platform}
        {c.shop ? ` · ${c.shop}` : ''}
      </dd>
    </>
  );
}

export function Installed({ c, brand }: { c: StoreConnection; brand: Brand }) {
  return c.installed_at ? (
    <>
      <dt>Installed</dt>
      <dd>{formatDateTime(c.installed_at, brand)}</dd>
    </>
  ) : null;
}
