/**
 * Permissions of protection level `dangerous` (runtime permissions: the user grants them one by
 * one), as AOSP's platform manifest (frameworks/base core/res/AndroidManifest.xml) declares them
 * up to Android 14, with the permission group they belong to.
 */
export const DANGEROUS_PERMISSIONS: ReadonlySet<string> = new Set(
  [
    // Calendar
    'READ_CALENDAR',
    'WRITE_CALENDAR',
    // Camera, microphone
    'CAMERA',
    'RECORD_AUDIO',
    // Contacts, accounts
    'READ_CONTACTS',
    'WRITE_CONTACTS',
    'GET_ACCOUNTS',
    // Location
    'ACCESS_FINE_LOCATION',
    'ACCESS_COARSE_LOCATION',
    'ACCESS_BACKGROUND_LOCATION',
    'ACCESS_MEDIA_LOCATION',
    // Phone, call log
    'READ_PHONE_STATE',
    'READ_PHONE_NUMBERS',
    'CALL_PHONE',
    'ANSWER_PHONE_CALLS',
    'READ_CALL_LOG',
    'WRITE_CALL_LOG',
    'USE_SIP',
    'PROCESS_OUTGOING_CALLS',
    'ACCEPT_HANDOVER',
    // SMS
    'SEND_SMS',
    'RECEIVE_SMS',
    'READ_SMS',
    'RECEIVE_WAP_PUSH',
    'RECEIVE_MMS',
    // Sensors, activity
    'BODY_SENSORS',
    'BODY_SENSORS_BACKGROUND',
    'ACTIVITY_RECOGNITION',
    // Storage and media
    'READ_EXTERNAL_STORAGE',
    'WRITE_EXTERNAL_STORAGE',
    'READ_MEDIA_AUDIO',
    'READ_MEDIA_VIDEO',
    'READ_MEDIA_IMAGES',
    'READ_MEDIA_VISUAL_USER_SELECTED',
    // Nearby devices, notifications
    'BLUETOOTH_SCAN',
    'BLUETOOTH_CONNECT',
    'BLUETOOTH_ADVERTISE',
    'NEARBY_WIFI_DEVICES',
    'UWB_RANGING',
    'POST_NOTIFICATIONS',
  ]
    .map((p) => `android.permission.${p}`)
    .concat(['com.android.voicemail.permission.ADD_VOICEMAIL']),
);

export function isDangerousPermission(name: string): boolean {
  return DANGEROUS_PERMISSIONS.has(name);
}

/**
 * Installers that are app stores (they review what they distribute). An app installed by any
 * other package (the package installer a downloaded APK opens in, a browser, a file manager,
 * `adb install` as com.android.shell) or by none is sideloaded. Callers may pass their own list.
 */
export const KNOWN_STORES: readonly string[] = [
  'com.android.vending', // Google Play
  'com.google.android.feedback', // Play, older devices
  'com.amazon.venezia', // Amazon Appstore
  'com.sec.android.app.samsungapps', // Galaxy Store
  'com.huawei.appmarket', // Huawei AppGallery
  'com.xiaomi.market', // Xiaomi GetApps
  'com.xiaomi.mipicks',
  'com.heytap.market', // OPPO / realme
  'com.oppo.market',
  'com.bbk.appstore', // vivo
  'com.hihonor.appmarket', // Honor
  'org.fdroid.fdroid', // F-Droid
];
