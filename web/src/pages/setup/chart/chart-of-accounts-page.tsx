import Tabs from '@cloudscape-design/components/tabs';
import { SetupPage } from '../setup-page';
import { CategoryTab } from './category-tab';
import { LedgerTab } from './ledger-tab';
import { SubCategoryTab } from './sub-category-tab';

/** /setup/chart-of-accounts: categories, their sub-categories and the ledger (GL) accounts under them. */
export function ChartOfAccountsPage() {
  return (
    <SetupPage
      title="Chart of accounts"
      description="Categories, sub-categories and the ledger accounts every posting goes to"
    >
      <Tabs
        ariaLabel="Chart of accounts"
        tabs={[
          { id: 'categories', label: 'Manage COA Categories', content: <CategoryTab /> },
          { id: 'sub-categories', label: 'Manage COA Sub Categories', content: <SubCategoryTab /> },
          { id: 'ledger', label: 'Manage Chart Of Accounts', content: <LedgerTab /> },
        ]}
      />
    </SetupPage>
  );
}
