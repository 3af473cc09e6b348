//! How `ze-info` names what drivers report: vendor ids (a name only where it is truly the
//! maker's) and timer resolutions (whose unit depends on the structure read).

use level_zero::sys::ze_structure_type_t;
use serde::Serialize;

/// The PCI vendors `ze-info` names.
fn pci_vendor(id: u32) -> Option<&'static str> {
    match id {
        0x8086 => Some("Intel"),
        0x10de => Some("NVIDIA"),
        0x1002 => Some("AMD"),
        _ => None,
    }
}

/// Drivers `ze-info` recognises, and what they are. Their vendor ids are borrowed (the
/// Level Zero spec wants a PCI id), so no vendor is named for them.
const KNOWN_DRIVERS: [(&str, &str); 1] = [("level-zero-cpu", "oneapi-rs's CPU driver")];

/// The driver of a device, where `ze-info` recognises it by what the device says of itself:
/// level-zero-cpu names its devices `level-zero-cpu device N` and starts their UUIDs with
/// `lz-cpu-`.
///
/// ```
/// use oneapi_tools::names::known_driver;
/// let uuid = *b"lz-cpu-device\0\0\0";
/// assert_eq!(known_driver("level-zero-cpu device 0", &uuid), Some("level-zero-cpu"));
/// assert_eq!(known_driver("Intel(R) Arc(TM) A770 Graphics", &[0; 16]), None);
/// ```
pub fn known_driver(name: &str, uuid: &[u8; 16]) -> Option<&'static str> {
    (name.starts_with("level-zero-cpu ") || uuid.starts_with(b"lz-cpu-"))
        .then_some(KNOWN_DRIVERS[0].0)
}

/// The vendor's name: the PCI vendor's for a known id, none for a driver that borrows it.
pub fn vendor_name(id: u32, driver: Option<&str>) -> Option<&'static str> {
    match driver {
        Some(_) => None,
        None => pci_vendor(id),
    }
}

/// The `Vendor` line's value: the id in hex, then whose it is, as far as is known.
///
/// ```
/// use oneapi_tools::names::vendor_text;
/// assert_eq!(vendor_text(0x8086, None), "0x8086 (Intel)");
/// assert_eq!(vendor_text(0x1234, None), "0x1234 (unknown vendor)");
/// assert_eq!(
///     vendor_text(0x8086, Some("level-zero-cpu")),
///     "0x8086 as reported by level-zero-cpu, oneapi-rs's CPU driver (not Intel's)"
/// );
/// ```
pub fn vendor_text(id: u32, driver: Option<&str>) -> String {
    let hex = format!("{id:#06x}");
    match (vendor_name(id, driver), driver) {
        (Some(name), _) => format!("{hex} ({name})"),
        (None, Some(d)) => {
            let what = KNOWN_DRIVERS
                .iter()
                .find(|(k, _)| *k == d)
                .map_or(String::new(), |(_, w)| format!(", {w}"));
            let not = pci_vendor(id).map_or(String::new(), |v| format!(" (not {v}'s)"));
            format!("{hex} as reported by {d}{what}{not}")
        }
        (None, None) => format!("{hex} (unknown vendor)"),
    }
}

/// What `timerResolution` counts, which depends on the structure it is read with: the 1.0
/// structure (`ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES`) gives nanoseconds per tick, the 1.2 one
/// (`..._PROPERTIES_1_2`, known to drivers of API 1.2 on) ticks per second.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum TimerUnit {
    /// Nanoseconds per tick (the 1.0 structure).
    #[serde(rename = "ns")]
    NanosecondsPerTick,
    /// Ticks per second (the 1.2 structure).
    #[serde(rename = "Hz")]
    Hertz,
}

impl TimerUnit {
    /// The unit `ze-info` reads from a driver implementing API `api`: hertz from 1.2 on.
    ///
    /// ```
    /// use oneapi_tools::names::TimerUnit;
    /// assert_eq!(TimerUnit::at((1, 1)), TimerUnit::NanosecondsPerTick);
    /// assert_eq!(TimerUnit::at((1, 4)), TimerUnit::Hertz);
    /// ```
    pub fn at(api: (u32, u32)) -> TimerUnit {
        if api >= (1, 2) {
            TimerUnit::Hertz
        } else {
            TimerUnit::NanosecondsPerTick
        }
    }

    /// `Hz` or `ns`.
    pub fn symbol(self) -> &'static str {
        match self {
            TimerUnit::NanosecondsPerTick => "ns",
            TimerUnit::Hertz => "Hz",
        }
    }

    pub(crate) fn stype(self) -> ze_structure_type_t {
        match self {
            TimerUnit::NanosecondsPerTick => {
                ze_structure_type_t::ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES
            }
            TimerUnit::Hertz => ze_structure_type_t::ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES_1_2,
        }
    }
}

/// `v` with at most three decimals, trailing zeros dropped.
fn decimals(v: f64) -> String {
    let s = format!("{v:.3}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

fn frequency(hz: f64) -> String {
    let (v, unit) = [(1e9, "GHz"), (1e6, "MHz"), (1e3, "kHz")]
        .into_iter()
        .find(|(scale, _)| hz >= *scale)
        .map_or((hz, "Hz"), |(scale, unit)| (hz / scale, unit));
    format!("{} {unit}", decimals(v))
}

/// The `Timers` line's resolution: `value` in `unit`, and what it means the other way.
///
/// ```
/// use oneapi_tools::names::{timer_text, TimerUnit};
/// assert_eq!(timer_text(1, TimerUnit::NanosecondsPerTick), "1 ns per tick (1 GHz)");
/// assert_eq!(timer_text(19_200_000, TimerUnit::Hertz), "19.2 MHz (52.083 ns per tick)");
/// ```
pub fn timer_text(value: u64, unit: TimerUnit) -> String {
    if value == 0 {
        return format!("0 {} (not reported)", unit.symbol());
    }
    let v = value as f64;
    match unit {
        TimerUnit::Hertz => format!("{} ({} ns per tick)", frequency(v), decimals(1e9 / v)),
        TimerUnit::NanosecondsPerTick => {
            format!("{} ns per tick ({})", decimals(v), frequency(1e9 / v))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_timer_reads_as_its_unit_below_and_from_api_1_2() {
        // Before 1.2 the value is nanoseconds per tick: the CPU driver's 1 is 1 GHz, not 1 Hz.
        let old = TimerUnit::at((1, 1));
        assert_eq!(old, TimerUnit::NanosecondsPerTick);
        assert_eq!(timer_text(1, old), "1 ns per tick (1 GHz)");
        assert_eq!(timer_text(83, old), "83 ns per tick (12.048 MHz)");
        // From 1.2 on it is ticks per second.
        for api in [(1, 2), (1, 4), (2, 0)] {
            assert_eq!(TimerUnit::at(api), TimerUnit::Hertz);
        }
        let new = TimerUnit::Hertz;
        assert_eq!(timer_text(1_000_000_000, new), "1 GHz (1 ns per tick)");
        assert_eq!(timer_text(12_500_000, new), "12.5 MHz (80 ns per tick)");
        assert_eq!(timer_text(0, new), "0 Hz (not reported)");
        assert_eq!(serde_json::to_string(&new).unwrap(), "\"Hz\"");
    }

    #[test]
    fn only_a_vendor_truly_known_is_named() {
        let uuid = *b"lz-cpu-device\0\x01\xff";
        let cpu = known_driver("level-zero-cpu device 1.0", &uuid);
        assert_eq!(cpu, Some("level-zero-cpu"));
        assert_eq!(vendor_name(0x8086, cpu), None);
        let line = vendor_text(0x8086, cpu);
        assert!(
            line.starts_with("0x8086 ") && !line.contains("(Intel)"),
            "{line}"
        );
        assert_eq!(vendor_name(0x8086, None), Some("Intel"));
        assert_eq!(vendor_text(0x10de, None), "0x10de (NVIDIA)");
        assert_eq!(vendor_text(0xabcd, None), "0xabcd (unknown vendor)");
    }
}
