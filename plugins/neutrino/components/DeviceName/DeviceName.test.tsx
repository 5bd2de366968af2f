import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { DeviceName } from './DeviceName';

afterEach(cleanup);

describe('DeviceName', () => {
  it("shows the server's display name as given, never naming the device again", () => {
    render(<DeviceName id="d1" name="iPhone14,2 · c0ffee00" canOpen={false} />);
    expect(screen.getByText('iPhone14,2 · c0ffee00')).toBeTruthy();
  });

  it('keeps a name a person gave as written', () => {
    render(<DeviceName id="d1" name="CEO phone" canOpen={false} />);
    expect(screen.getByText('CEO phone')).toBeTruthy();
  });
});
