import { cleanup, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { AxiosInstanceToken } from '@core/http/HttpService';
import { createFakeAxios } from '@core/testing/createFakeAxios';

import { markupOf } from '../../../tests/harness/markupOf';
import { renderHost } from '../../../tests/harness/renderHost';
import { collectorPlugin } from '../index';
import { CollectorTexts } from '../logic/texts';
import { CollectorPrerender } from './CollectorPrerender';

/**
 * The markup with each element's attributes in a fixed order (the server renderer and the DOM
 * write an input's `type`, `name` and `value` in different orders) and without `autofocus`: an
 * attribute in HTML, a focus() call in React (the field is disabled in this state either way).
 */
function visibleMarkup(element: Element): string {
  const copy = document.createElement('div');
  copy.innerHTML = markupOf(element);
  for (const node of copy.querySelectorAll('*')) {
    const attributes = [...node.attributes].filter((attribute) => attribute.name !== 'autofocus');
    for (const attribute of [...node.attributes]) node.removeAttribute(attribute.name);
    for (const attribute of attributes.sort((a, b) => a.name.localeCompare(b.name)))
      node.setAttribute(attribute.name, attribute.value);
  }
  return copy.innerHTML;
}

beforeAll(async () => {
  await import('../pages/CollectorPage');
}, 60_000);
afterEach(cleanup);

describe('the document copy of the collector link page', () => {
  it('is the markup of the live page’s first render, while the link is checked', async () => {
    // The API never answers: the wizard stays in its first state.
    const fake = createFakeAxios(() => new Promise(() => {}));
    const host = renderHost({
      plugins: [collectorPlugin],
      path: '/collector/link-1',
      services: [[AxiosInstanceToken, fake.axios]],
    });
    await screen.findByText(CollectorTexts.validating);
    const copy = document.createElement('div');
    copy.innerHTML = renderToStaticMarkup(<CollectorPrerender />);
    expect(copy.querySelector('h1')!.textContent).toBe(CollectorTexts.title);
    expect(copy.textContent).toContain(CollectorTexts.validating);
    expect(visibleMarkup(host.container.querySelector('main')!)).toBe(visibleMarkup(copy));
  });
});
