/**
 * The code lists the server checks addresses against (`uplink_domain::accounts::countries_data`,
 * crates/domain/src/accounts/countries_data.rs, from Debian's iso-codes): ISO 3166-1 alpha-2
 * countries and the US states, DC and territories. Codes only; the names come from
 * `GET /countries`. A test (address-schema.test.ts) compares them with the Rust lists code for code.
 */

const codes = (list: string) => new Set(list.trim().split(/\s+/));

/** Every ISO 3166-1 alpha-2 country code the server accepts (249). */
export const COUNTRY_CODES: ReadonlySet<string> = codes(`
  AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS
  BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE
  EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM
  HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC
  LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA
  NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW
  SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO
  TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW
`);

/** The state codes a US address may have (57: the states, DC and the territories). */
export const US_STATE_CODES: ReadonlySet<string> = codes(`
  AK AL AR AS AZ CA CO CT DC DE FL GA GU HI IA ID IL IN KS KY LA MA MD ME MI MN MO MP MS MT NC ND
  NE NH NJ NM NV NY OH OK OR PA PR RI SC SD TN TX UM UT VA VI VT WA WI WV WY
`);
