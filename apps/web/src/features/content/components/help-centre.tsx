// Home's help centre: the operator's published help articles, each opening the article page.
import { RightOutline } from 'antd-mobile-icons';
import { Link } from '@tanstack/react-router';
import { paths } from '../../../config/paths.ts';
import type { MainInfo } from '../api/get-main-info.ts';

export function HelpCentre({ help }: { help: MainInfo['help'] }) {
  return (
    <ul className="list-card" data-testid="help-centre">
      {help.map((item) => (
        <li key={item.id}>
          <Link to={paths.article} search={{ key: item.key }} className="list-card__row">
            <bdi>{item.title}</bdi>
            <RightOutline className="chevron" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
