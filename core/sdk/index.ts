// The public surface a runtime plugin builds against (`@console/plugin-sdk`, packages/plugin-sdk):
// one list, read by the SDK package for its types and by the host, which hands these very
// instances to plugins through the /console-sdk/ shims. Tokens are `Symbol.for` keys, so a
// plugin's token and the host's are the same service. Only what a third party may rely on for a
// major version is here: adding is a minor version of the SDK, removing a major one.
export type { ServiceToken } from '../di/ServiceToken';
export { createServiceToken } from '../di/ServiceToken';
export type { HttpRequestConfig, HttpService } from '../http/HttpService';
export { HttpServiceToken } from '../http/HttpService';
export type { LocaleService, TimeZone } from '../locale/LocaleService';
export { LocaleServiceToken } from '../locale/LocaleService';
export type { ModalOptions, ModalRef, ModalService } from '../modals/ModalService';
export { ModalServiceToken } from '../modals/ModalService';
export type { NavigationService } from '../navigation/NavigationService';
export { NavigationServiceToken } from '../navigation/NavigationService';
export type { PermissionsService } from '../permissions/PermissionsService';
export { PermissionsServiceToken } from '../permissions/PermissionsService';
export { usePermissionList } from '../permissions/usePermissionList';
export type { HeaderSlot, PageProps } from '../plugin/PluginManifest';
export type { ResolvedDeps, ServiceDeps, ServiceFactory } from '../plugin/ServiceFactory';
export { createServiceFactory } from '../plugin/ServiceFactory';
export { ServicesProvider, useContainer } from '../react/ServicesProvider';
export type { Loaded, LoaderOptions } from '../react/useLoader';
export { useLoader } from '../react/useLoader';
export type { Mutation, MutationOptions, MutationResult } from '../react/useMutation';
export { useMutation } from '../react/useMutation';
export { useObservable } from '../react/useObservable';
export { useService } from '../react/useService';
export type { Theme, ThemeService } from '../theme/ThemeService';
export { ThemeServiceToken } from '../theme/ThemeService';
export type { Toast, ToastIntent, ToastService } from '../toasts/ToastService';
export { ToastServiceToken } from '../toasts/ToastService';
export type { AppLinkProps } from '../ui/AppLink/AppLink';
export { AppLink } from '../ui/AppLink/AppLink';
export type { Crumb } from '../ui/PageBreadcrumbs/PageBreadcrumbs';
export { PageBreadcrumbs } from '../ui/PageBreadcrumbs/PageBreadcrumbs';
export type { TableScrollProps } from '../ui/TableScroll/TableScroll';
export { TableScroll } from '../ui/TableScroll/TableScroll';
export { usePageTitle } from '../ui/usePageTitle';
export { useViewport } from '../ui/useViewport';
