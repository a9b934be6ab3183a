//! TEMPORARY minimal Time/MicroTime until the full module lands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Time { secs: i64 }
const ZERO: i64 = -62135596800;
impl Default for Time { fn default() -> Self { Time { secs: ZERO } } }
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 { let y = if m <= 2 { y - 1 } else { y }; let era = y.div_euclid(400); let yoe = y - era * 400; let mp = (m + 9) % 12; let doy = (153 * mp + 2) / 5 + d - 1; let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy; era * 146097 + doe - 719468 }
fn civil(z: i64) -> (i64, i64, i64) { let z = z + 719468; let era = z.div_euclid(146097); let doe = z - era * 146097; let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365; let y = yoe + era * 400; let doy = doe - (365 * yoe + yoe / 4 - yoe / 100); let mp = (5 * doy + 2) / 153; let d = doy - (153 * mp + 2) / 5 + 1; let m = if mp < 10 { mp + 3 } else { mp - 9 }; (if m <= 2 { y + 1 } else { y }, m, d) }
impl Time {
    pub fn from_unix(secs: i64) -> Self { Time { secs } }
    pub fn unix_seconds(&self) -> i64 { self.secs }
    pub fn is_zero(&self) -> bool { self.secs == ZERO }
    pub fn from_civil(y: i64, mo: u8, d: u8, h: u8, mi: u8, s: u8) -> Option<Time> { Some(Time { secs: days_from_civil(y, mo as i64, d as i64) * 86400 + h as i64 * 3600 + mi as i64 * 60 + s as i64 }) }
    pub fn try_format_rfc3339(&self) -> Result<String, String> { let (y, m, d) = civil(self.secs.div_euclid(86400)); let r = self.secs.rem_euclid(86400); Ok(format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z", r / 3600, r / 60 % 60, r % 60)) }
    pub fn parse_rfc3339(s: &str) -> Result<Time, String> { let b = s.as_bytes(); if b.len() < 20 { return Err("bad time".into()) } let n = |a: usize, z: usize| s.get(a..z).and_then(|x| x.parse::<i64>().ok()).ok_or_else(|| "bad time".to_string()); let secs = days_from_civil(n(0,4)?, n(5,7)?, n(8,10)?) * 86400 + n(11,13)? * 3600 + n(14,16)? * 60 + n(17,19)?; Ok(Time { secs }) }
}
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MicroTime { secs: i64, nanos: u32 }
impl Default for MicroTime { fn default() -> Self { MicroTime { secs: ZERO, nanos: 0 } } }
impl MicroTime {
    pub fn from_unix(secs: i64, nanos: u32) -> Self { MicroTime { secs, nanos } }
    pub fn unix_seconds(&self) -> i64 { self.secs }
    pub fn nanos(&self) -> u32 { self.nanos }
    pub fn is_zero(&self) -> bool { self.secs == ZERO && self.nanos == 0 }
    pub fn truncate_to_micros(&self) -> Self { MicroTime { secs: self.secs, nanos: self.nanos / 1000 * 1000 } }
    pub fn try_format_rfc3339_micro(&self) -> Result<String, String> { let t = Time::from_unix(self.secs).try_format_rfc3339()?; Ok(format!("{}.{:06}Z", &t[..19], self.nanos / 1000)) }
    pub fn parse_rfc3339_micro(s: &str) -> Result<MicroTime, String> { let t = Time::parse_rfc3339(s)?; let us = s.get(20..26).and_then(|x| x.parse::<u32>().ok()).unwrap_or(0); Ok(MicroTime { secs: t.secs, nanos: us * 1000 }) }
}
