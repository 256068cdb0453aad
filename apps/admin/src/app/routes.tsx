// Route paths of every screen (the resources in resources.tsx point at them); each lazy.
import { Route } from 'react-router';
import { page } from '../components/lazy.tsx';

const Dashboard = page(() => import('../features/dashboard/dashboard-page.tsx'), 'DashboardPage');
const UsersList = page(() => import('../features/users/users-list.tsx'), 'UsersList');
const UserShow = page(() => import('../features/users/user-show.tsx'), 'UserShow');
const WithdrawalsList = page(
  () => import('../features/wallet/withdrawals-list.tsx'),
  'WithdrawalsList',
);
const WithdrawalReview = page(
  () => import('../features/wallet/withdrawal-review.tsx'),
  'WithdrawalReview',
);
const DepositsList = page(() => import('../features/wallet/deposits-list.tsx'), 'DepositsList');
const NetworksList = page(() => import('../features/wallet/networks.tsx'), 'NetworksList');
const NetworkEdit = page(() => import('../features/wallet/networks.tsx'), 'NetworkEdit');
const WithdrawalPolicy = page(
  () => import('../features/wallet/withdrawal-policy.tsx'),
  'WithdrawalPolicy',
);
const LedgerAudit = page(() => import('../features/ledger/ledger-audit.tsx'), 'LedgerAudit');
const ReservesPage = page(() => import('../features/reserves/reserves-page.tsx'), 'ReservesPage');
const MarketsList = page(() => import('../features/market/markets-list.tsx'), 'MarketsList');
const RobotsList = page(() => import('../features/robots/robots-list.tsx'), 'RobotsList');
const RobotSettings = page(() => import('../features/robots/robot-settings.tsx'), 'RobotSettings');
const MiningModelsList = page(
  () => import('../features/mining/mining-models.tsx'),
  'MiningModelsList',
);
const MiningModelCreate = page(
  () => import('../features/mining/mining-models.tsx'),
  'MiningModelCreate',
);
const MiningModelEdit = page(
  () => import('../features/mining/mining-models.tsx'),
  'MiningModelEdit',
);
const RentalsList = page(() => import('../features/mining/rentals-list.tsx'), 'RentalsList');
const TeamRates = page(() => import('../features/team/team-rates.tsx'), 'TeamRates');
const ContentList = page(() => import('../features/content/content.tsx'), 'ContentList');
const ContentCreate = page(() => import('../features/content/content.tsx'), 'ContentCreate');
const ContentEdit = page(() => import('../features/content/content.tsx'), 'ContentEdit');
const ContactsList = page(() => import('../features/content/contacts.tsx'), 'ContactsList');
const ContactCreate = page(() => import('../features/content/contacts.tsx'), 'ContactCreate');
const ContactEdit = page(() => import('../features/content/contacts.tsx'), 'ContactEdit');
const AppUpdate = page(() => import('../features/content/app-update.tsx'), 'AppUpdate');
const LegalDetails = page(() => import('../features/content/legal-details.tsx'), 'LegalDetails');
const OperatorsList = page(() => import('../features/admin/operators.tsx'), 'OperatorsList');
const OperatorCreate = page(() => import('../features/admin/operators.tsx'), 'OperatorCreate');
const OperatorEdit = page(() => import('../features/admin/operators.tsx'), 'OperatorEdit');
const AuditList = page(() => import('../features/admin/audit-list.tsx'), 'AuditList');
const AccountPage = page(() => import('../features/admin/account-page.tsx'), 'AccountPage');

export const screenRoutes = (
  <>
    <Route index element={<Dashboard />} />
    <Route path="users">
      <Route index element={<UsersList />} />
      <Route path="show/:id" element={<UserShow />} />
    </Route>
    <Route path="withdrawal-review" element={<WithdrawalReview />} />
    <Route path="withdrawals" element={<WithdrawalsList />} />
    <Route path="deposits" element={<DepositsList />} />
    <Route path="networks">
      <Route index element={<NetworksList />} />
      <Route path="edit/:id" element={<NetworkEdit />} />
    </Route>
    <Route path="withdrawal-policy" element={<WithdrawalPolicy />} />
    <Route path="ledger-audit" element={<LedgerAudit />} />
    <Route path="reserves" element={<ReservesPage />} />
    <Route path="markets" element={<MarketsList />} />
    <Route path="robots" element={<RobotsList />} />
    <Route path="robot-settings" element={<RobotSettings />} />
    <Route path="mining-models">
      <Route index element={<MiningModelsList />} />
      <Route path="create" element={<MiningModelCreate />} />
      <Route path="edit/:id" element={<MiningModelEdit />} />
    </Route>
    <Route path="rentals" element={<RentalsList />} />
    <Route path="team-rates" element={<TeamRates />} />
    <Route path="content">
      <Route index element={<ContentList />} />
      <Route path="create" element={<ContentCreate />} />
      <Route path="edit/:id" element={<ContentEdit />} />
    </Route>
    <Route path="contacts">
      <Route index element={<ContactsList />} />
      <Route path="create" element={<ContactCreate />} />
      <Route path="edit/:id" element={<ContactEdit />} />
    </Route>
    <Route path="app-update" element={<AppUpdate />} />
    <Route path="legal-details" element={<LegalDetails />} />
    <Route path="operators">
      <Route index element={<OperatorsList />} />
      <Route path="create" element={<OperatorCreate />} />
      <Route path="edit/:id" element={<OperatorEdit />} />
    </Route>
    <Route path="audit" element={<AuditList />} />
    <Route path="account" element={<AccountPage />} />
  </>
);
