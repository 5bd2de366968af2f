export * from './ThemeService';
export { DefaultThemeService } from './DefaultThemeService';
