//! What `ze-bandwidth` knows of the host: the sizes of its CPU caches, from sysfs, to mark
//! where a measurement's data stops fitting in them.

use std::path::Path;

/// Where Linux describes the first CPU's caches (`index0`, `index1`, ...).
pub const CPU0_CACHES: &str = "/sys/devices/system/cpu/cpu0/cache";

/// One of the host's CPU caches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cache {
    /// 1, 2, 3, ...
    pub level: u32,
    /// `Data`, `Instruction` or `Unified`.
    pub kind: String,
    /// Bytes.
    pub size: usize,
}

impl Cache {
    /// `L1d`, `L1i`, `L2`, `L3`.
    pub fn name(&self) -> String {
        match self.kind.as_str() {
            "Data" => format!("L{}d", self.level),
            "Instruction" => format!("L{}i", self.level),
            _ => format!("L{}", self.level),
        }
    }

    /// Whether data (not only instructions) goes through it.
    pub fn holds_data(&self) -> bool {
        self.kind != "Instruction"
    }
}

/// A sysfs cache size: `512K`, `8192K`, `1M`, or bytes.
///
/// ```
/// use oneapi_tools::host::parse_cache_size;
/// assert_eq!(parse_cache_size("512K\n"), Some(512 << 10));
/// assert_eq!(parse_cache_size("32M"), Some(32 << 20));
/// assert_eq!(parse_cache_size("big"), None);
/// ```
pub fn parse_cache_size(text: &str) -> Option<usize> {
    let t = text.trim();
    let (digits, shift) = match t.as_bytes().last()? {
        b'K' => (&t[..t.len() - 1], 10),
        b'M' => (&t[..t.len() - 1], 20),
        b'G' => (&t[..t.len() - 1], 30),
        _ => (t, 0),
    };
    digits.parse::<usize>().ok()?.checked_mul(1 << shift)
}

/// The caches described under `dir` (as [`CPU0_CACHES`]), by level; those whose files are
/// missing or unreadable are left out.
pub fn caches_in(dir: &Path) -> Vec<Cache> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<Cache> = entries
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with("index"))
        .filter_map(|e| {
            let read = |f: &str| std::fs::read_to_string(e.path().join(f)).ok();
            Some(Cache {
                level: read("level")?.trim().parse().ok()?,
                kind: read("type")?.trim().to_string(),
                size: parse_cache_size(&read("size")?)?,
            })
        })
        .collect();
    out.sort_by(|a, b| (a.level, &a.kind).cmp(&(b.level, &b.kind)));
    out
}

/// The host's caches (empty where sysfs does not say).
pub fn caches() -> Vec<Cache> {
    caches_in(Path::new(CPU0_CACHES))
}

/// The caches a plot marks: those holding data from level 2 on (every size measured is
/// beyond L1 already, or nearly), one per level.
pub fn marked(caches: &[Cache]) -> Vec<Cache> {
    let mut out: Vec<Cache> = Vec::new();
    for c in caches.iter().filter(|c| c.level >= 2 && c.holds_data()) {
        if !out.iter().any(|o| o.level == c.level) {
            out.push(c.clone());
        }
    }
    out
}

/// The host's cores (what [`memcpy_all_cores`] spreads a copy over).
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Copies `n` bytes from `s` to `d` with every core of the host ([`cores`]): one share of
/// whole 4 KiB pages a thread, the calling thread taking the first, scoped threads the
/// others (the reference a driver's copies are held to, a copy being as fast as the
/// machine's memory, not one core's).
///
/// # Safety
/// `s` and `d` must be valid for `n` bytes and not overlap, and nothing else may touch them
/// during the call.
pub unsafe fn memcpy_all_cores(d: *mut u8, s: *const u8, n: usize) {
    let threads = cores().min(n.div_ceil(4096)).max(1);
    let share = n.div_ceil(threads).next_multiple_of(4096);
    let (d, s) = (d as usize, s as usize);
    let copy = move |i: usize| {
        let start = (i * share).min(n);
        let len = share.min(n - start);
        // SAFETY: `[start, start + len)` lies in both buffers (the caller's promise) and is
        // this share's alone.
        unsafe {
            std::ptr::copy_nonoverlapping((s + start) as *const u8, (d + start) as *mut u8, len)
        }
    };
    std::thread::scope(|scope| {
        for i in 1..threads {
            scope.spawn(move || copy(i));
        }
        copy(0);
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caches_are_read_from_a_sysfs_like_tree() {
        let dir = std::env::temp_dir().join(format!("ze-caches-{}", std::process::id()));
        for (i, level, kind, size) in [
            (0, "1", "Data", "32K"),
            (1, "1", "Instruction", "64K"),
            (2, "2", "Unified", "512K"),
            (3, "3", "Unified", "8192K"),
        ] {
            let d = dir.join(format!("index{i}"));
            std::fs::create_dir_all(&d).unwrap();
            std::fs::write(d.join("level"), format!("{level}\n")).unwrap();
            std::fs::write(d.join("type"), format!("{kind}\n")).unwrap();
            std::fs::write(d.join("size"), format!("{size}\n")).unwrap();
        }
        std::fs::create_dir_all(dir.join("index9")).unwrap(); // no files: left out
        let caches = caches_in(&dir);
        std::fs::remove_dir_all(&dir).ok();
        let names: Vec<String> = caches.iter().map(Cache::name).collect();
        assert_eq!(names, ["L1d", "L1i", "L2", "L3"]);
        let marked: Vec<(String, usize)> =
            marked(&caches).iter().map(|c| (c.name(), c.size)).collect();
        assert_eq!(
            marked,
            [("L2".to_string(), 512 << 10), ("L3".to_string(), 8 << 20)]
        );
        assert!(caches_in(Path::new("/nonexistent/caches")).is_empty());
    }
}
