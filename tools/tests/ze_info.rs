//! `ze-info` end to end: its JSON has the documented shape, sub-devices included, and the text
//! names every device.

use serde_json::Value;
use std::process::Command;

fn ze_info(args: &[&str], subdevices: &str) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_ze-info"))
        .args(args)
        .env("ONEAPI_RS_BACKEND", "cpu")
        .env("LEVEL_ZERO_CPU_DEVICES", "2")
        .env("LEVEL_ZERO_CPU_SUBDEVICES", subdevices)
        .output()
        .expect("ze-info runs")
}

#[test]
fn json_has_backend_drivers_devices_and_subdevices() {
    let out = ze_info(&["--json"], "3");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    assert_eq!(report["backend"]["choice"], "Cpu");
    assert!(report["backend"]["reason"]
        .as_str()
        .unwrap()
        .contains("CPU"));
    let drivers = report["drivers"].as_array().unwrap();
    assert_eq!(drivers.len(), 1);
    assert_eq!(
        drivers[0]["api_version"], "1.15",
        "the version the CPU driver implements"
    );
    let devices = drivers[0]["devices"].as_array().unwrap();
    assert_eq!(devices.len(), 2);
    for (i, d) in devices.iter().enumerate() {
        assert_eq!(d["index"], i);
        assert_eq!(d["type"], "CPU");
        assert_eq!(d["is_subdevice"], false);
        for key in [
            "name",
            "uuid",
            "vendor_id",
            "core_clock_mhz",
            "eu_count",
            "thread_count",
            "memories",
            "caches",
            "memory_access",
            "queue_groups",
            "compute",
            "module",
        ] {
            assert!(!d[key].is_null(), "device lacks {key}");
        }
        // What API 1.15 on adds (the in-process driver agrees on 1.17).
        let features = d["command_features"].as_array().unwrap();
        assert!(
            features.iter().any(|f| f == "immutable graphs"),
            "{features:?}"
        );
        assert_eq!(
            d["eu_count"].as_u64().unwrap(),
            d["slices"].as_u64().unwrap()
                * d["subslices_per_slice"].as_u64().unwrap()
                * d["eus_per_subslice"].as_u64().unwrap()
        );
        assert!(d["queue_groups"][0]["capabilities"]
            .as_array()
            .unwrap()
            .contains(&Value::from("compute")));
        let subs = d["subdevices"].as_array().unwrap();
        assert_eq!(subs.len(), 3);
        for (j, s) in subs.iter().enumerate() {
            assert_eq!(s["is_subdevice"], true);
            assert_eq!(s["subdevice_id"], j);
            assert_eq!(s["subdevices"].as_array().unwrap().len(), 0);
        }
    }
    // Every UUID is distinct.
    let mut uuids: Vec<&str> = devices
        .iter()
        .flat_map(|d| {
            std::iter::once(d["uuid"].as_str().unwrap()).chain(
                d["subdevices"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|s| s["uuid"].as_str().unwrap()),
            )
        })
        .collect();
    uuids.sort_unstable();
    uuids.dedup();
    assert_eq!(uuids.len(), 2 * 4);
}

#[test]
fn text_lists_every_device_and_subdevice() {
    let out = ze_info(&[], "2");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("Backend"));
    for needle in [
        "Device 0:",
        "Device 1:",
        "Sub-device 0:",
        "Sub-device 1:",
        "Queue groups",
    ] {
        assert!(text.contains(needle), "no {needle:?} in\n{text}");
    }
}

#[test]
fn unknown_options_are_refused_with_the_usage() {
    let out = ze_info(&["--nope"], "0");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("unknown option --nope") && err.contains("usage"));
}

/// The CPU driver's timer counts nanoseconds. Its driver implements API 1.4, so ze-info reads
/// `timerResolution` with the 1.2 structure, in cycles per second: 10^9 Hz, one tick a
/// nanosecond. Today's line printed the 1.0 structure's value (1, nanoseconds) as "1 Hz".
#[test]
fn the_timer_line_says_what_the_resolution_means() {
    let out = ze_info(&[], "0");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let timers = text
        .lines()
        .find(|l| l.trim_start().starts_with("Timers"))
        .expect("a Timers line");
    assert!(
        timers.contains("1 GHz") && timers.contains("1 ns per tick"),
        "{timers}"
    );
    assert!(!timers.contains(" 1 Hz"), "{timers}");
    let json: Value = serde_json::from_slice(&ze_info(&["--json"], "0").stdout).unwrap();
    let dev = &json["drivers"][0]["devices"][0];
    assert_eq!(dev["timer_resolution"], 1_000_000_000u64);
    assert_eq!(dev["timer_unit"], "Hz");
}

/// level-zero-cpu reports Intel's PCI vendor id, but it is not Intel's driver, and the host's
/// CPU may be anyone's: the id is printed as the driver reports it, with no vendor name.
#[test]
fn the_vendor_line_does_not_call_the_cpu_driver_intel() {
    let out = ze_info(&[], "1");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let vendors: Vec<&str> = text
        .lines()
        .filter(|l| l.trim_start().starts_with("Vendor"))
        .collect();
    assert_eq!(vendors.len(), 4, "{text}"); // two devices, a sub-device each
    for line in vendors {
        let value = line.trim_start().trim_start_matches("Vendor").trim();
        assert!(value.starts_with("0x8086"), "{line}");
        assert!(value.contains("level-zero-cpu"), "{line}");
        assert!(!value.contains("(Intel)"), "{line}");
    }
    let json: Value = serde_json::from_slice(&ze_info(&["--json"], "0").stdout).unwrap();
    let dev = &json["drivers"][0]["devices"][0];
    assert_eq!(dev["vendor_id"], "0x8086");
    assert!(dev["vendor"].is_null(), "{}", dev["vendor"]);
}
