// Home's partners: each logo (re-encoded by the server) links to the partner's site.
import type { MainInfo } from '../api/get-main-info.ts';
import '../content.css';

export function PartnerGrid({ partners }: { partners: MainInfo['partners'] }) {
  return (
    <div className="partners" data-testid="partners">
      {partners.map((partner) => (
        <a
          key={partner.id}
          className="partner"
          href={partner.url || undefined}
          target="_blank"
          rel="noopener noreferrer"
        >
          {partner.logo ? (
            <img className="partner__logo" src={partner.logo} alt="" width={40} height={40} />
          ) : (
            <span className="partner__mark" aria-hidden="true">
              {partner.name.slice(0, 1)}
            </span>
          )}
          <bdi className="partner__name">{partner.name}</bdi>
          {partner.detail ? <span className="partner__detail">{partner.detail}</span> : null}
        </a>
      ))}
    </div>
  );
}
