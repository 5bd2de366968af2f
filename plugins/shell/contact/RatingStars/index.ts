export type { RatingStarsProps } from './RatingStars';
export { RatingStars } from './RatingStars';
