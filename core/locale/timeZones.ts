import type { TimeZone } from './LocaleService';

/**
 * The classic Windows time-zone list (value, abbreviation, offset in hours with daylight saving
 * applied where `isdst`, label, IANA regions). Rows are compact tuples to keep the bundle small;
 * regions are space-separated. Current IANA names (Europe/Kyiv, Asia/Ho_Chi_Minh, ...) sit next
 * to the legacy ones so `Intl` answers of either generation match.
 */
// Loaded with a dynamic import by DefaultLocaleService: keep static imports of this file out of
// code on the first load.
type Row = [value: string, abbr: string, offset: number, isdst: boolean, text: string, utc: string];

// A data table: one zone a row reads and diffs better than one field a line.
// prettier-ignore
const ROWS: Row[] = [
  ['Dateline Standard Time', 'DST', -12, false, '(UTC-12:00) International Date Line West', 'Etc/GMT+12'],
  ['UTC-11', 'U', -11, false, '(UTC-11:00) Coordinated Universal Time-11', 'Etc/GMT+11 Pacific/Midway Pacific/Niue Pacific/Pago_Pago'],
  ['Hawaiian Standard Time', 'HST', -10, false, '(UTC-10:00) Hawaii', 'Etc/GMT+10 Pacific/Honolulu Pacific/Johnston Pacific/Rarotonga Pacific/Tahiti'],
  ['Alaskan Standard Time', 'AKDT', -8, true, '(UTC-09:00) Alaska', 'America/Anchorage America/Juneau America/Nome America/Sitka America/Yakutat'],
  ['Pacific Standard Time (Mexico)', 'PDT', -7, true, '(UTC-08:00) Baja California', 'America/Santa_Isabel'],
  ['Pacific Standard Time', 'PST', -8, false, '(UTC-08:00) Pacific Time (US & Canada)', 'America/Dawson America/Los_Angeles America/Tijuana America/Vancouver America/Whitehorse PST8PDT'],
  ['US Mountain Standard Time', 'UMST', -7, false, '(UTC-07:00) Arizona', 'America/Creston America/Dawson_Creek America/Hermosillo America/Phoenix Etc/GMT+7'],
  ['Mountain Standard Time (Mexico)', 'MDT', -6, true, '(UTC-07:00) Chihuahua, La Paz, Mazatlan', 'America/Chihuahua America/Mazatlan'],
  ['Mountain Standard Time', 'MDT', -6, true, '(UTC-07:00) Mountain Time (US & Canada)', 'America/Boise America/Cambridge_Bay America/Denver America/Edmonton America/Inuvik America/Ojinaga America/Yellowknife MST7MDT'],
  ['Central America Standard Time', 'CAST', -6, false, '(UTC-06:00) Central America', 'America/Belize America/Costa_Rica America/El_Salvador America/Guatemala America/Managua America/Tegucigalpa Etc/GMT+6 Pacific/Galapagos'],
  ['Central Standard Time', 'CDT', -5, true, '(UTC-06:00) Central Time (US & Canada)', 'America/Chicago America/Indiana/Knox America/Indiana/Tell_City America/Matamoros America/Menominee America/North_Dakota/Beulah America/North_Dakota/Center America/North_Dakota/New_Salem America/Rainy_River America/Rankin_Inlet America/Resolute America/Winnipeg CST6CDT'],
  ['Central Standard Time (Mexico)', 'CDT', -5, true, '(UTC-06:00) Guadalajara, Mexico City, Monterrey', 'America/Bahia_Banderas America/Cancun America/Merida America/Mexico_City America/Monterrey'],
  ['Canada Central Standard Time', 'CCST', -6, false, '(UTC-06:00) Saskatchewan', 'America/Regina America/Swift_Current'],
  ['SA Pacific Standard Time', 'SPST', -5, false, '(UTC-05:00) Bogota, Lima, Quito', 'America/Bogota America/Cayman America/Coral_Harbour America/Atikokan America/Eirunepe America/Guayaquil America/Jamaica America/Lima America/Panama America/Rio_Branco Etc/GMT+5'],
  ['Eastern Standard Time', 'EDT', -4, true, '(UTC-05:00) Eastern Time (US & Canada)', 'America/Detroit America/Havana America/Indiana/Petersburg America/Indiana/Vincennes America/Indiana/Winamac America/Iqaluit America/Kentucky/Monticello America/Louisville America/Kentucky/Louisville America/Montreal America/Nassau America/New_York America/Nipigon America/Pangnirtung America/Port-au-Prince America/Thunder_Bay America/Toronto EST5EDT'],
  ['US Eastern Standard Time', 'UEDT', -4, true, '(UTC-05:00) Indiana (East)', 'America/Indiana/Marengo America/Indiana/Vevay America/Indianapolis America/Indiana/Indianapolis'],
  ['Venezuela Standard Time', 'VST', -4.5, false, '(UTC-04:30) Caracas', 'America/Caracas'],
  ['Paraguay Standard Time', 'PYT', -4, false, '(UTC-04:00) Asuncion', 'America/Asuncion'],
  ['Atlantic Standard Time', 'ADT', -3, true, '(UTC-04:00) Atlantic Time (Canada)', 'America/Glace_Bay America/Goose_Bay America/Halifax America/Moncton America/Thule Atlantic/Bermuda'],
  ['Central Brazilian Standard Time', 'CBST', -4, false, '(UTC-04:00) Cuiaba', 'America/Campo_Grande America/Cuiaba'],
  ['SA Western Standard Time', 'SWST', -4, false, '(UTC-04:00) Georgetown, La Paz, Manaus, San Juan', 'America/Anguilla America/Antigua America/Aruba America/Barbados America/Blanc-Sablon America/Boa_Vista America/Curacao America/Dominica America/Grand_Turk America/Grenada America/Guadeloupe America/Guyana America/Kralendijk America/La_Paz America/Lower_Princes America/Manaus America/Marigot America/Martinique America/Montserrat America/Port_of_Spain America/Porto_Velho America/Puerto_Rico America/Santo_Domingo America/St_Barthelemy America/St_Kitts America/St_Lucia America/St_Thomas America/St_Vincent America/Tortola Etc/GMT+4'],
  ['Pacific SA Standard Time', 'PSST', -4, false, '(UTC-04:00) Santiago', 'America/Santiago Antarctica/Palmer'],
  ['Newfoundland Standard Time', 'NDT', -2.5, true, '(UTC-03:30) Newfoundland', 'America/St_Johns'],
  ['E. South America Standard Time', 'ESAST', -3, false, '(UTC-03:00) Brasilia', 'America/Sao_Paulo'],
  ['Argentina Standard Time', 'AST', -3, false, '(UTC-03:00) Buenos Aires', 'America/Argentina/La_Rioja America/Argentina/Rio_Gallegos America/Argentina/Salta America/Argentina/San_Juan America/Argentina/San_Luis America/Argentina/Tucuman America/Argentina/Ushuaia America/Buenos_Aires America/Argentina/Buenos_Aires America/Catamarca America/Argentina/Catamarca America/Cordoba America/Argentina/Cordoba America/Jujuy America/Argentina/Jujuy America/Mendoza America/Argentina/Mendoza'],
  ['SA Eastern Standard Time', 'SEST', -3, false, '(UTC-03:00) Cayenne, Fortaleza', 'America/Araguaina America/Belem America/Cayenne America/Fortaleza America/Maceio America/Paramaribo America/Recife America/Santarem Antarctica/Rothera Atlantic/Stanley Etc/GMT+3'],
  ['Greenland Standard Time', 'GDT', -3, true, '(UTC-03:00) Greenland', 'America/Godthab America/Nuuk'],
  ['Montevideo Standard Time', 'MST', -3, false, '(UTC-03:00) Montevideo', 'America/Montevideo'],
  ['Bahia Standard Time', 'BST', -3, false, '(UTC-03:00) Salvador', 'America/Bahia'],
  ['UTC-02', 'U', -2, false, '(UTC-02:00) Coordinated Universal Time-02', 'America/Noronha Atlantic/South_Georgia Etc/GMT+2'],
  ['Mid-Atlantic Standard Time', 'MDT', -1, true, '(UTC-02:00) Mid-Atlantic - Old', ''],
  ['Azores Standard Time', 'ADT', 0, true, '(UTC-01:00) Azores', 'America/Scoresbysund Atlantic/Azores'],
  ['Cape Verde Standard Time', 'CVST', -1, false, '(UTC-01:00) Cape Verde Is.', 'Atlantic/Cape_Verde Etc/GMT+1'],
  ['Morocco Standard Time', 'MDT', 1, true, '(UTC) Casablanca', 'Africa/Casablanca Africa/El_Aaiun'],
  ['UTC', 'UTC', 0, false, '(UTC) Coordinated Universal Time', 'America/Danmarkshavn Etc/GMT Etc/UTC UTC Etc/Universal Etc/Zulu'],
  ['GMT Standard Time', 'GMT', 0, false, '(UTC) Edinburgh, London', 'Europe/Isle_of_Man Europe/Guernsey Europe/Jersey Europe/London'],
  ['GMT Standard Time', 'GDT', 1, true, '(UTC) Dublin, Lisbon', 'Atlantic/Canary Atlantic/Faeroe Atlantic/Faroe Atlantic/Madeira Europe/Dublin Europe/Lisbon'],
  ['Greenwich Standard Time', 'GST', 0, false, '(UTC) Monrovia, Reykjavik', 'Africa/Abidjan Africa/Accra Africa/Bamako Africa/Banjul Africa/Bissau Africa/Conakry Africa/Dakar Africa/Freetown Africa/Lome Africa/Monrovia Africa/Nouakchott Africa/Ouagadougou Africa/Sao_Tome Atlantic/Reykjavik Atlantic/St_Helena'],
  ['W. Europe Standard Time', 'WEDT', 2, true, '(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna', 'Arctic/Longyearbyen Europe/Amsterdam Europe/Andorra Europe/Berlin Europe/Busingen Europe/Gibraltar Europe/Luxembourg Europe/Malta Europe/Monaco Europe/Oslo Europe/Rome Europe/San_Marino Europe/Stockholm Europe/Vaduz Europe/Vatican Europe/Vienna Europe/Zurich'],
  ['Central Europe Standard Time', 'CEDT', 2, true, '(UTC+01:00) Belgrade, Bratislava, Budapest, Ljubljana, Prague', 'Europe/Belgrade Europe/Bratislava Europe/Budapest Europe/Ljubljana Europe/Podgorica Europe/Prague Europe/Tirane'],
  ['Romance Standard Time', 'RDT', 2, true, '(UTC+01:00) Brussels, Copenhagen, Madrid, Paris', 'Africa/Ceuta Europe/Brussels Europe/Copenhagen Europe/Madrid Europe/Paris'],
  ['Central European Standard Time', 'CEDT', 2, true, '(UTC+01:00) Sarajevo, Skopje, Warsaw, Zagreb', 'Europe/Sarajevo Europe/Skopje Europe/Warsaw Europe/Zagreb'],
  ['W. Central Africa Standard Time', 'WCAST', 1, false, '(UTC+01:00) West Central Africa', 'Africa/Algiers Africa/Bangui Africa/Brazzaville Africa/Douala Africa/Kinshasa Africa/Lagos Africa/Libreville Africa/Luanda Africa/Malabo Africa/Ndjamena Africa/Niamey Africa/Porto-Novo Africa/Tunis Etc/GMT-1'],
  ['Namibia Standard Time', 'NST', 1, false, '(UTC+01:00) Windhoek', 'Africa/Windhoek'],
  ['GTB Standard Time', 'GDT', 3, true, '(UTC+02:00) Athens, Bucharest', 'Asia/Nicosia Europe/Athens Europe/Bucharest Europe/Chisinau'],
  ['Middle East Standard Time', 'MEDT', 3, true, '(UTC+02:00) Beirut', 'Asia/Beirut'],
  ['Egypt Standard Time', 'EST', 2, false, '(UTC+02:00) Cairo', 'Africa/Cairo'],
  ['Syria Standard Time', 'SDT', 3, true, '(UTC+02:00) Damascus', 'Asia/Damascus'],
  ['E. Europe Standard Time', 'EEDT', 3, true, '(UTC+02:00) E. Europe', 'Asia/Nicosia Europe/Athens Europe/Bucharest Europe/Chisinau Europe/Helsinki Europe/Kiev Europe/Kyiv Europe/Mariehamn Europe/Nicosia Europe/Riga Europe/Sofia Europe/Tallinn Europe/Uzhgorod Europe/Vilnius Europe/Zaporozhye'],
  ['South Africa Standard Time', 'SAST', 2, false, '(UTC+02:00) Harare, Pretoria', 'Africa/Blantyre Africa/Bujumbura Africa/Gaborone Africa/Harare Africa/Johannesburg Africa/Kigali Africa/Lubumbashi Africa/Lusaka Africa/Maputo Africa/Maseru Africa/Mbabane Etc/GMT-2'],
  ['FLE Standard Time', 'FDT', 3, true, '(UTC+02:00) Helsinki, Kyiv, Riga, Sofia, Tallinn, Vilnius', 'Europe/Helsinki Europe/Kiev Europe/Kyiv Europe/Mariehamn Europe/Riga Europe/Sofia Europe/Tallinn Europe/Uzhgorod Europe/Vilnius Europe/Zaporozhye'],
  ['Turkey Standard Time', 'TDT', 3, false, '(UTC+03:00) Istanbul', 'Europe/Istanbul Asia/Istanbul'],
  ['Israel Standard Time', 'JDT', 3, true, '(UTC+02:00) Jerusalem', 'Asia/Jerusalem'],
  ['Libya Standard Time', 'LST', 2, false, '(UTC+02:00) Tripoli', 'Africa/Tripoli'],
  ['Jordan Standard Time', 'JST', 3, false, '(UTC+03:00) Amman', 'Asia/Amman'],
  ['Arabic Standard Time', 'AST', 3, false, '(UTC+03:00) Baghdad', 'Asia/Baghdad'],
  ['Kaliningrad Standard Time', 'KST', 3, false, '(UTC+03:00) Kaliningrad, Minsk', 'Europe/Kaliningrad Europe/Minsk'],
  ['Arab Standard Time', 'AST', 3, false, '(UTC+03:00) Kuwait, Riyadh', 'Asia/Aden Asia/Bahrain Asia/Kuwait Asia/Qatar Asia/Riyadh'],
  ['E. Africa Standard Time', 'EAST', 3, false, '(UTC+03:00) Nairobi', 'Africa/Addis_Ababa Africa/Asmera Africa/Asmara Africa/Dar_es_Salaam Africa/Djibouti Africa/Juba Africa/Kampala Africa/Khartoum Africa/Mogadishu Africa/Nairobi Antarctica/Syowa Etc/GMT-3 Indian/Antananarivo Indian/Comoro Indian/Mayotte'],
  ['Moscow Standard Time', 'MSK', 3, false, '(UTC+03:00) Moscow, St. Petersburg, Volgograd', 'Europe/Kirov Europe/Moscow Europe/Simferopol Europe/Volgograd'],
  ['Samara Time', 'SAMT', 4, false, '(UTC+04:00) Samara, Ulyanovsk, Saratov', 'Europe/Astrakhan Europe/Samara Europe/Ulyanovsk Europe/Saratov'],
  ['Iran Standard Time', 'IDT', 4.5, true, '(UTC+03:30) Tehran', 'Asia/Tehran'],
  ['Arabian Standard Time', 'AST', 4, false, '(UTC+04:00) Abu Dhabi, Muscat', 'Asia/Dubai Asia/Muscat Etc/GMT-4'],
  ['Azerbaijan Standard Time', 'ADT', 5, true, '(UTC+04:00) Baku', 'Asia/Baku'],
  ['Mauritius Standard Time', 'MST', 4, false, '(UTC+04:00) Port Louis', 'Indian/Mahe Indian/Mauritius Indian/Reunion'],
  ['Georgian Standard Time', 'GET', 4, false, '(UTC+04:00) Tbilisi', 'Asia/Tbilisi'],
  ['Caucasus Standard Time', 'CST', 4, false, '(UTC+04:00) Yerevan', 'Asia/Yerevan'],
  ['Afghanistan Standard Time', 'AST', 4.5, false, '(UTC+04:30) Kabul', 'Asia/Kabul'],
  ['West Asia Standard Time', 'WAST', 5, false, '(UTC+05:00) Ashgabat, Tashkent', 'Antarctica/Mawson Asia/Aqtau Asia/Aqtobe Asia/Ashgabat Asia/Dushanbe Asia/Oral Asia/Samarkand Asia/Tashkent Etc/GMT-5 Indian/Kerguelen Indian/Maldives'],
  ['Yekaterinburg Time', 'YEKT', 5, false, '(UTC+05:00) Yekaterinburg', 'Asia/Yekaterinburg'],
  ['Pakistan Standard Time', 'PKT', 5, false, '(UTC+05:00) Islamabad, Karachi', 'Asia/Karachi'],
  ['India Standard Time', 'IST', 5.5, false, '(UTC+05:30) Chennai, Kolkata, Mumbai, New Delhi', 'Asia/Kolkata Asia/Calcutta'],
  ['Sri Lanka Standard Time', 'SLST', 5.5, false, '(UTC+05:30) Sri Jayawardenepura', 'Asia/Colombo'],
  ['Nepal Standard Time', 'NST', 5.75, false, '(UTC+05:45) Kathmandu', 'Asia/Kathmandu Asia/Katmandu'],
  ['Central Asia Standard Time', 'CAST', 6, false, '(UTC+06:00) Astana', 'Antarctica/Vostok Asia/Almaty Asia/Bishkek Asia/Qyzylorda Asia/Urumqi Etc/GMT-6 Indian/Chagos'],
  ['Bangladesh Standard Time', 'BST', 6, false, '(UTC+06:00) Dhaka', 'Asia/Dhaka Asia/Thimphu'],
  ['Myanmar Standard Time', 'MST', 6.5, false, '(UTC+06:30) Yangon (Rangoon)', 'Asia/Rangoon Asia/Yangon Indian/Cocos'],
  ['SE Asia Standard Time', 'SAST', 7, false, '(UTC+07:00) Bangkok, Hanoi, Jakarta', 'Antarctica/Davis Asia/Bangkok Asia/Hovd Asia/Jakarta Asia/Phnom_Penh Asia/Pontianak Asia/Saigon Asia/Ho_Chi_Minh Asia/Vientiane Etc/GMT-7 Indian/Christmas'],
  ['N. Central Asia Standard Time', 'NCAST', 7, false, '(UTC+07:00) Novosibirsk', 'Asia/Novokuznetsk Asia/Novosibirsk Asia/Omsk'],
  ['China Standard Time', 'CST', 8, false, '(UTC+08:00) Beijing, Chongqing, Hong Kong, Urumqi', 'Asia/Hong_Kong Asia/Macau Asia/Shanghai'],
  ['North Asia Standard Time', 'NAST', 8, false, '(UTC+08:00) Krasnoyarsk', 'Asia/Krasnoyarsk'],
  ['Singapore Standard Time', 'MPST', 8, false, '(UTC+08:00) Kuala Lumpur, Singapore', 'Asia/Brunei Asia/Kuala_Lumpur Asia/Kuching Asia/Makassar Asia/Manila Asia/Singapore Etc/GMT-8'],
  ['W. Australia Standard Time', 'WAST', 8, false, '(UTC+08:00) Perth', 'Antarctica/Casey Australia/Perth'],
  ['Taipei Standard Time', 'TST', 8, false, '(UTC+08:00) Taipei', 'Asia/Taipei'],
  ['Ulaanbaatar Standard Time', 'UST', 8, false, '(UTC+08:00) Ulaanbaatar', 'Asia/Choibalsan Asia/Ulaanbaatar'],
  ['North Asia East Standard Time', 'NAEST', 8, false, '(UTC+08:00) Irkutsk', 'Asia/Irkutsk'],
  ['Japan Standard Time', 'JST', 9, false, '(UTC+09:00) Osaka, Sapporo, Tokyo', 'Asia/Dili Asia/Jayapura Asia/Tokyo Etc/GMT-9 Pacific/Palau'],
  ['Korea Standard Time', 'KST', 9, false, '(UTC+09:00) Seoul', 'Asia/Pyongyang Asia/Seoul'],
  ['Cen. Australia Standard Time', 'CAST', 9.5, false, '(UTC+09:30) Adelaide', 'Australia/Adelaide Australia/Broken_Hill'],
  ['AUS Central Standard Time', 'ACST', 9.5, false, '(UTC+09:30) Darwin', 'Australia/Darwin'],
  ['E. Australia Standard Time', 'EAST', 10, false, '(UTC+10:00) Brisbane', 'Australia/Brisbane Australia/Lindeman'],
  ['AUS Eastern Standard Time', 'AEST', 10, false, '(UTC+10:00) Canberra, Melbourne, Sydney', 'Australia/Melbourne Australia/Sydney'],
  ['West Pacific Standard Time', 'WPST', 10, false, '(UTC+10:00) Guam, Port Moresby', 'Antarctica/DumontDUrville Etc/GMT-10 Pacific/Guam Pacific/Port_Moresby Pacific/Saipan Pacific/Truk Pacific/Chuuk'],
  ['Tasmania Standard Time', 'TST', 10, false, '(UTC+10:00) Hobart', 'Australia/Currie Australia/Hobart'],
  ['Yakutsk Standard Time', 'YST', 9, false, '(UTC+09:00) Yakutsk', 'Asia/Chita Asia/Khandyga Asia/Yakutsk'],
  ['Central Pacific Standard Time', 'CPST', 11, false, '(UTC+11:00) Solomon Is., New Caledonia', 'Antarctica/Macquarie Etc/GMT-11 Pacific/Efate Pacific/Guadalcanal Pacific/Kosrae Pacific/Noumea Pacific/Ponape Pacific/Pohnpei'],
  ['Vladivostok Standard Time', 'VST', 11, false, '(UTC+11:00) Vladivostok', 'Asia/Sakhalin Asia/Ust-Nera Asia/Vladivostok'],
  ['New Zealand Standard Time', 'NZST', 12, false, '(UTC+12:00) Auckland, Wellington', 'Antarctica/McMurdo Pacific/Auckland'],
  ['UTC+12', 'U', 12, false, '(UTC+12:00) Coordinated Universal Time+12', 'Etc/GMT-12 Pacific/Funafuti Pacific/Kwajalein Pacific/Majuro Pacific/Nauru Pacific/Tarawa Pacific/Wake Pacific/Wallis'],
  ['Fiji Standard Time', 'FST', 12, false, '(UTC+12:00) Fiji', 'Pacific/Fiji'],
  ['Magadan Standard Time', 'MST', 12, false, '(UTC+12:00) Magadan', 'Asia/Anadyr Asia/Kamchatka Asia/Magadan Asia/Srednekolymsk'],
  ['Kamchatka Standard Time', 'KDT', 13, true, '(UTC+12:00) Petropavlovsk-Kamchatsky - Old', 'Asia/Kamchatka'],
  ['Tonga Standard Time', 'TST', 13, false, "(UTC+13:00) Nuku'alofa", 'Etc/GMT-13 Pacific/Enderbury Pacific/Kanton Pacific/Fakaofo Pacific/Tongatapu'],
  ['Samoa Standard Time', 'SST', 13, false, '(UTC+13:00) Samoa', 'Pacific/Apia'],
];

/** '(UTC-03:30) Newfoundland' -> [-3.5, 'Newfoundland']: the offset and places a row's label shows. */
export function labelParts(text: string): [offset: number, places: string] {
  const m = /^\(UTC(?:([+-])(\d\d):(\d\d))?\)\s*(.*)$/.exec(text);
  if (!m) throw new Error(`Not a time-zone label: ${text}`);
  const hours = m[1] ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) + Number(m[3]) / 60) : 0;
  return [hours, m[4]!];
}

/**
 * About 100 entries in the order the Options list shows them: by the UTC offset of the label, then
 * by its places. Not by `offset`, which carries daylight saving for `isdst` rows: sorted by it,
 * "(UTC-05:00) Eastern Time" came after "(UTC-04:30) Caracas". One row a place: the table's summer
 * twins of "Pacific Time (US & Canada)" and "Edinburgh, London" are gone (see RETIRED).
 */
export const TIME_ZONES: readonly TimeZone[] = Object.freeze(
  ROWS.map(([value, abbr, offset, isdst, text, utc]) =>
    Object.freeze({ value, abbr, offset, isdst, text, utc: utc ? utc.split(' ') : [] }),
  ).sort((a, b) => {
    const [offsetA, placesA] = labelParts(a.text);
    const [offsetB, placesB] = labelParts(b.text);
    return offsetA - offsetB || placesA.localeCompare(placesB, 'en');
  }),
);

/**
 * Abbreviations of the rows dropped as a place's second entry, with the row now kept for it:
 * a choice stored as 'PDT' or 'BST' in a browser of those places still finds its place.
 */
const RETIRED: Record<string, string> = { PDT: 'Pacific Standard Time', BST: 'GMT Standard Time' };

/** The fallback when the browser's zone is in no entry (the table's own row). */
export const UTC_ROW: TimeZone = TIME_ZONES.find((z) => z.value === 'UTC')!;

/** First entry listing the IANA region, e.g. 'Europe/Berlin' -> 'W. Europe Standard Time'. */
export function findTimeZoneByRegion(region: string | undefined): TimeZone | undefined {
  if (!region) return undefined;
  return TIME_ZONES.find((z) => z.utc.includes(region));
}

/**
 * Entry for a stored choice: by abbreviation (what is stored), else by value. Abbreviations are
 * not unique in the classic list (JST is Jordan and Japan, CDT, AST, MST...): among several, the
 * one listing `preferRegion` (the browser's zone) wins, else the first.
 */
export function findTimeZoneByAbbr(abbr: string | null | undefined, preferRegion?: string): TimeZone | undefined {
  if (!abbr) return undefined;
  const candidates = TIME_ZONES.filter((z) => z.abbr === abbr);
  if (candidates.length === 0) return TIME_ZONES.find((z) => z.value === abbr);
  if (!preferRegion) return candidates[0];
  const retired = RETIRED[abbr];
  return (
    candidates.find((z) => z.utc.includes(preferRegion)) ??
    (retired ? TIME_ZONES.find((z) => z.value === retired && z.utc.includes(preferRegion)) : undefined) ??
    candidates[0]
  );
}
