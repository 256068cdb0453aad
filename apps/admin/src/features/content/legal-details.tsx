// The operator's own details the legal pages name (company, address, registration number,
// support e-mail, governing law, effective date): filled into About, Disclaimer, Privacy
// and Terms when they are served; an empty one shows as a marked placeholder there.
import { SettingsForm } from '../../components/settings-form.tsx';

export function LegalDetails() {
  return (
    <SettingsForm
      resource="legal-details"
      fields={[
        { key: 'company_name' },
        { key: 'registered_address', kind: 'textarea' },
        { key: 'company_number' },
        { key: 'support_email' },
        { key: 'governing_law' },
        { key: 'effective_date' },
      ]}
    />
  );
}
