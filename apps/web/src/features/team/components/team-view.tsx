// My Team: totals (team count, performance, earnings and the pending commissions), the
// three levels, search among my members (by what the list shows of them, or a complete
// account), and each member's details.
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { formatUsdt } from '../../../lib/format.ts';
import { useMembers, useTeam, type Member } from '../api/team.ts';
import '../team.css';

function MemberItem({ m }: { m: Member }) {
  const { t } = useTranslation();
  return (
    <li className="record team-member" data-testid="team-member">
      <div className="record__row">
        <bdi className="team-member__name" data-testid="team-member-name">
          {m.nickname}
        </bdi>
        <span className="team-member__level">{t('team.levelN', { level: m.level })}</span>
      </div>
      <div className="record__row record__meta">
        {/* The name is the masked account until the member picks a nickname: not twice. */}
        <span dir="ltr" data-testid="team-member-account">
          {m.nickname === m.account ? '' : m.account}
        </span>
        <span>{new Date(m.joined_at).toLocaleDateString()}</span>
      </div>
      <dl className="team-member__facts">
        <div>
          <dt>{t('team.totalTopup')}</dt>
          <dd className="amount" dir="ltr">
            {formatUsdt(m.total_topup)}
          </dd>
        </div>
        <div>
          <dt>{t('team.totalWithdrawal')}</dt>
          <dd className="amount" dir="ltr">
            {formatUsdt(m.total_withdrawal)}
          </dd>
        </div>
        <div>
          <dt>{t('team.teamCount')}</dt>
          <dd>{m.team_count}</dd>
        </div>
      </dl>
    </li>
  );
}

export function TeamView() {
  const { t } = useTranslation();
  const [level, setLevel] = useState(1);
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const team = useTeam();
  const members = useMembers(level, keyword);
  const totals = team.data;
  return (
    <>
      <section className="card team-totals" data-testid="team-totals">
        <div>
          <div className="team-totals__value" data-testid="team-count">
            {totals?.team_count ?? '--'}
          </div>
          <div className="team-totals__label">{t('team.teamCount')}</div>
        </div>
        <div>
          <div className="team-totals__value amount" dir="ltr" data-testid="team-performance">
            {formatUsdt(totals?.performance)}
          </div>
          <div className="team-totals__label">{t('team.performance')}</div>
        </div>
        <div>
          <div className="team-totals__value amount" dir="ltr" data-testid="team-earnings">
            {formatUsdt(totals?.team_earnings)}
          </div>
          <div className="team-totals__label">{t('team.earnings')}</div>
        </div>
        {/* Commissions on fees that can still be refunded: shown, but not in the balance. */}
        <div className="team-totals__pending" data-testid="team-pending">
          <div className="team-totals__pending-row">
            <span>{t('team.pendingEarnings')}</span>
            <span className="amount" dir="ltr" data-testid="team-pending-earnings">
              {formatUsdt(totals?.pending_earnings)}
            </span>
          </div>
          <p className="team-totals__hint">{t('team.pendingHint')}</p>
        </div>
      </section>
      <form
        className="team-search"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setKeyword(input.trim());
        }}
      >
        <input
          type="search"
          value={input}
          maxLength={64}
          placeholder={t('team.searchPlaceholder')}
          aria-label={t('team.searchPlaceholder')}
          onChange={(e) => {
            setInput(e.target.value);
            if (!e.target.value) setKeyword('');
          }}
          data-testid="team-search"
        />
        <button type="submit" className="chip-button">
          {t('team.search')}
        </button>
      </form>
      {!keyword && (
        <div className="team-levels" role="tablist">
          {(totals?.levels ?? [1, 2, 3].map((l) => ({ level: l, count: 0 }))).map((l) => (
            <button
              key={l.level}
              type="button"
              role="tab"
              aria-selected={level === l.level}
              className={`team-levels__tab${level === l.level ? ' is-active' : ''}`}
              onClick={() => setLevel(l.level)}
              data-testid={`team-level-${l.level}`}
            >
              {t('team.levelN', { level: l.level })} · {l.count}
            </button>
          ))}
        </div>
      )}
      {members.data && members.data.list.length === 0 ? (
        <p className="empty-line">{t(keyword ? 'team.noMatch' : 'team.noMembers')}</p>
      ) : (
        <ul className="record-list" data-testid="team-members">
          {members.data?.list.map((m) => (
            <MemberItem key={m.user_id} m={m} />
          ))}
        </ul>
      )}
    </>
  );
}
