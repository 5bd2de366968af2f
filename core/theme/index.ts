export { DefaultThemeService } from './DefaultThemeService';
export * from './ThemeService';
