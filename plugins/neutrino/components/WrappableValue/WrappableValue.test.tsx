import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { WrappableValue } from './WrappableValue';

afterEach(cleanup);

const markup = (value: string) => render(<WrappableValue value={value} />).container.firstElementChild!.innerHTML;

describe('WrappableValue', () => {
  it('offers a line break after each separator and nowhere inside a word', () => {
    expect(markup('/private/var/tmp/icloud_dump_helper')).toBe(
      '/<wbr>private/<wbr>var/<wbr>tmp/<wbr>icloud_<wbr>dump_<wbr>helper',
    );
    expect(markup('update-check.example.net')).toBe('update-<wbr>check.<wbr>example.<wbr>net');
  });

  it('keeps runs of separators together and a value without any whole', () => {
    expect(markup('a--b..c/')).toBe('a--<wbr>b..<wbr>c/');
    expect(markup('helperd')).toBe('helperd');
    expect(markup('')).toBe('');
  });

  it('keeps the text as given for copying and searching', () => {
    const { container } = render(<WrappableValue value="/usr/libexec/helperd" />);
    expect(container.textContent).toBe('/usr/libexec/helperd');
  });
});
