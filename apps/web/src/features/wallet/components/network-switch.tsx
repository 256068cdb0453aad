// ERC20 / BEP20 / TRC20 as one segmented control; labels are network names, the same in
// every language.
import { Segmented } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { SegmentedGroup } from '../../../components/segmented-group.tsx';
import { NETWORKS, isNetwork, networkLabel, type Network } from '../utils/networks.ts';
import '../wallet.css';

export function NetworkSwitch({
  value,
  onChange,
}: {
  value: Network;
  onChange: (network: Network) => void;
}) {
  const { t } = useTranslation();
  return (
    <SegmentedGroup className="network-switch" label={t('wallet.network')} dir="ltr">
      <Segmented
        block
        value={value}
        onChange={(next) => {
          if (isNetwork(next)) onChange(next);
        }}
        options={NETWORKS.map((network) => ({
          value: network,
          // The label's own class: rc-segmented marks the selected item only once the
          // thumb's motion has ended, which a right-to-left page may never report.
          label: (
            <span
              className={network === value ? 'network-switch__current' : undefined}
              data-testid={`network-${network}`}
            >
              {networkLabel[network]}
            </span>
          ),
        }))}
      />
    </SegmentedGroup>
  );
}
