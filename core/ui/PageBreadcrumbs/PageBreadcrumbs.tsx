import './PageBreadcrumbs.css';

import { Classes as BlueprintClasses } from '@blueprintjs/core';
import type { MouseEvent } from 'react';

import { NavigationServiceToken } from '../../navigation/NavigationService';
import { useService } from '../../react/useService';
import { Classes } from '../common/classes';

/** One step of the trail: a page with `to`, or the current page (the last, without `to`). */
export interface Crumb {
  text: string;
  to?: string;
}

/**
 * Where a page sits (Gluon › device › incident) for pages outside their product's base path:
 * real links (a new tab opens them; a plain click stays in the page), the current page last.
 */
export function PageBreadcrumbs({ items }: { items: readonly Crumb[] }) {
  const navigation = useService(NavigationServiceToken);
  const follow = (to: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    navigation.navigate(to);
  };
  return (
    <nav aria-label="Breadcrumb" className={Classes.PAGE_BREADCRUMBS}>
      <ol className={BlueprintClasses.BREADCRUMBS}>
        {items.map((item, index) => (
          <li key={`${index}-${item.text}`}>
            {item.to ? (
              <a className={BlueprintClasses.BREADCRUMB} href={item.to} onClick={follow(item.to)}>
                {item.text}
              </a>
            ) : (
              <span
                className={`${BlueprintClasses.BREADCRUMB} ${BlueprintClasses.BREADCRUMB_CURRENT}`}
                aria-current="page"
              >
                {item.text}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
