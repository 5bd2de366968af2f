import { Icon } from '@blueprintjs/core';
import { StarEmptyIcon, StarIcon } from '@blueprintjs/icons';

import { RATING_MAX } from '../contactRules';

export interface RatingStarsProps {
  /** 1..5 stars chosen. */
  value: number;
  onChange(value: number): void;
  disabled?: boolean;
}

/**
 * Five stars as a radio group: Tab reaches the group, arrow keys move the choice (the native
 * radio behaviour), each star is labelled "n stars" for screen readers.
 */
export function RatingStars({ value, onChange, disabled }: RatingStarsProps) {
  return (
    <div role="radiogroup" aria-label="Rating" className="shell-rating" data-testid="contact-rating">
      {Array.from({ length: RATING_MAX }, (_, i) => i + 1).map((n) => (
        <label key={n} className="shell-rating-star" data-checked={n <= value}>
          <input
            type="radio"
            name="contact-rating"
            className="shell-visually-hidden"
            value={n}
            checked={n === value}
            disabled={disabled}
            aria-label={`${n} star${n === 1 ? '' : 's'}`}
            onChange={() => onChange(n)}
          />
          <Icon icon={n <= value ? <StarIcon /> : <StarEmptyIcon />} size={20} />
        </label>
      ))}
    </div>
  );
}
