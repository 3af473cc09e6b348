//! The usage tracker: one record per allocation site (the source location that called
//! [`OneArray::auto`](crate::OneArray::auto)), and the report built from the records.

use super::model::{better_kind, AccessPattern, DeviceTraits, Usage};
use crate::status::human;
use level_zero::MemoryKind;
use std::collections::HashMap;
use std::panic::Location;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering::Relaxed};
use std::sync::{Arc, LazyLock, Mutex, PoisonError};

const KINDS: [MemoryKind; 3] = [MemoryKind::Device, MemoryKind::Shared, MemoryKind::Host];

fn kind_index(kind: MemoryKind) -> usize {
    KINDS.iter().position(|&k| k == kind).unwrap_or(0)
}

/// Counters of one allocation site, summed over its arrays.
#[derive(Default)]
pub(crate) struct SiteRecord {
    access: AtomicU8,
    integrated: AtomicBool,
    device_memory: AtomicU64,
    allocations: AtomicU64,
    per_kind: [AtomicU64; 3],
    max_bytes: AtomicU64,
    usage: [AtomicU64; 10],
    uploads: AtomicU64,
    upload_bytes: AtomicU64,
    downloads: AtomicU64,
    download_bytes: AtomicU64,
    host_accesses: AtomicU64,
}

/// Which counter of [`SiteRecord::usage`] a use adds to (count, then bytes).
#[derive(Clone, Copy)]
pub(crate) enum UsageKind {
    HostRead = 0,
    HostWrite = 2,
    DeviceRead = 4,
    DeviceWrite = 6,
    Handoff = 8,
}

impl SiteRecord {
    pub(crate) fn allocated(
        &self,
        kind: MemoryKind,
        bytes: u64,
        access: AccessPattern,
        dev: DeviceTraits,
    ) {
        self.access.store(access.code(), Relaxed);
        self.integrated.store(dev.integrated, Relaxed);
        self.device_memory.store(dev.memory, Relaxed);
        self.allocations.fetch_add(1, Relaxed);
        self.per_kind[kind_index(kind)].fetch_add(1, Relaxed);
        self.max_bytes.fetch_max(bytes, Relaxed);
    }

    pub(crate) fn used(&self, kind: UsageKind, bytes: u64) {
        let i = kind as usize;
        self.usage[i].fetch_add(1, Relaxed);
        self.usage[i + 1].fetch_add(bytes, Relaxed);
    }

    pub(crate) fn upload(&self, bytes: u64) {
        self.uploads.fetch_add(1, Relaxed);
        self.upload_bytes.fetch_add(bytes, Relaxed);
    }

    pub(crate) fn download(&self, bytes: u64) {
        self.downloads.fetch_add(1, Relaxed);
        self.download_bytes.fetch_add(bytes, Relaxed);
    }

    pub(crate) fn host_access(&self) {
        self.host_accesses.fetch_add(1, Relaxed);
    }

    fn usage(&self) -> Usage {
        let u = |i: usize| self.usage[i].load(Relaxed);
        Usage {
            host_reads: u(0),
            host_read_bytes: u(1),
            host_writes: u(2),
            host_write_bytes: u(3),
            device_reads: u(4),
            device_read_bytes: u(5),
            device_writes: u(6),
            device_write_bytes: u(7),
            handoffs: u(8),
            handoff_bytes: u(9),
        }
    }
}

type Sites = HashMap<&'static Location<'static>, Arc<SiteRecord>>;

static SITES: LazyLock<Mutex<Sites>> = LazyLock::new(Default::default);

/// The record of `site`, made at its first allocation.
pub(crate) fn record_for(site: &'static Location<'static>) -> Arc<SiteRecord> {
    let mut sites = SITES.lock().unwrap_or_else(PoisonError::into_inner);
    sites.entry(site).or_default().clone()
}

/// Forgets every site's record (arrays alive keep counting into records no longer listed).
pub fn reset_placement_records() {
    SITES.lock().unwrap_or_else(PoisonError::into_inner).clear();
}

/// One allocation site in a [`PlacementReport`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SitePlacement {
    /// Where the arrays were allocated (`file:line:column`).
    pub site: &'static Location<'static>,
    /// The pattern the last allocation there asked for.
    pub access: AccessPattern,
    /// Whether the device was integrated (at the last allocation).
    pub integrated: bool,
    /// Arrays allocated there.
    pub allocations: u64,
    /// The kind most of them got.
    pub kind: MemoryKind,
    /// The largest, in bytes.
    pub max_bytes: u64,
    /// What their users did.
    pub usage: Usage,
    /// Host-to-device copies made (host accesses to device memory).
    pub uploads: u64,
    /// Bytes uploaded.
    pub upload_bytes: u64,
    /// Device-to-host copies made.
    pub downloads: u64,
    /// Bytes downloaded.
    pub download_bytes: u64,
    /// Host accesses served in place (host or shared memory).
    pub host_accesses: u64,
    /// Bytes the recorded use would have moved in device, shared and host memory
    /// ([`Usage::bytes_moved`]).
    pub moved: [(MemoryKind, u64); 3],
    /// A kind that would have moved fewer bytes than [`kind`](Self::kind), if one would.
    pub recommended: Option<MemoryKind>,
}

impl SitePlacement {
    /// Bytes the recorded use moved (as modelled) in the kind the arrays got.
    pub fn bytes_moved(&self) -> u64 {
        self.moved[kind_index(self.kind)].1
    }

    /// Bytes the recommended kind would have saved (0 without a recommendation).
    pub fn saving(&self) -> u64 {
        self.recommended
            .map_or(0, |k| self.bytes_moved() - self.moved[kind_index(k)].1)
    }
}

/// Every allocation site's record, with a recommendation where another kind of memory would
/// have moved fewer bytes; `Display` prints it as a table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlacementReport {
    /// The sites, by file and line.
    pub sites: Vec<SitePlacement>,
}

impl PlacementReport {
    /// The entry of `site` (from [`Placed::site`](crate::Placed::site)).
    pub fn site(&self, site: &Location<'_>) -> Option<&SitePlacement> {
        self.sites.iter().find(|s| *s.site == *site)
    }

    /// The sites with a recommendation.
    pub fn recommendations(&self) -> impl Iterator<Item = &SitePlacement> {
        self.sites.iter().filter(|s| s.recommended.is_some())
    }
}

/// The records of every allocation site of [`OneArray::auto`](crate::OneArray::auto) and
/// [`Placed::from_slice`](crate::Placed::from_slice) so far.
///
/// ```
/// use onearray::{placement_report, AccessPattern, OneArray};
/// // Asked for as device-only, yet read back by the host three times.
/// let mut a = OneArray::<f32>::auto(1 << 16, AccessPattern::DeviceOnly)?;
/// for _ in 0..3 {
///     a.write(&vec![1.0; 1 << 16])?;
///     assert_eq!(a.to_vec()?[0], 1.0);
/// }
/// let report = placement_report();
/// let site = report.site(a.site()).unwrap();
/// assert_eq!(site.usage.host_reads, 3);
/// assert!(site.recommended.is_some()); // memory the host reaches without copies
/// println!("{report}");
/// # Ok::<(), onearray::Error>(())
/// ```
pub fn placement_report() -> PlacementReport {
    let sites = SITES.lock().unwrap_or_else(PoisonError::into_inner);
    let mut out: Vec<SitePlacement> = sites
        .iter()
        .map(|(&site, r)| site_placement(site, r))
        .collect();
    out.sort_by(|a, b| a.site.cmp(b.site));
    PlacementReport { sites: out }
}

fn site_placement(site: &'static Location<'static>, r: &SiteRecord) -> SitePlacement {
    let access = AccessPattern::from_code(r.access.load(Relaxed));
    let dev = DeviceTraits {
        integrated: r.integrated.load(Relaxed),
        memory: r.device_memory.load(Relaxed),
    };
    let counts = r.per_kind.each_ref().map(|c| c.load(Relaxed));
    let most = (0..3).max_by_key(|&i| (counts[i], 3 - i)).unwrap_or(0);
    let kind = KINDS[most];
    let usage = r.usage();
    let max_bytes = r.max_bytes.load(Relaxed);
    SitePlacement {
        site,
        access,
        integrated: dev.integrated,
        allocations: r.allocations.load(Relaxed),
        kind,
        max_bytes,
        usage,
        uploads: r.uploads.load(Relaxed),
        upload_bytes: r.upload_bytes.load(Relaxed),
        downloads: r.downloads.load(Relaxed),
        download_bytes: r.download_bytes.load(Relaxed),
        host_accesses: r.host_accesses.load(Relaxed),
        moved: KINDS.map(|k| (k, usage.bytes_moved(k, dev.integrated))),
        recommended: better_kind(&usage, kind, max_bytes, dev),
    }
}

fn short(site: &Location<'_>) -> String {
    let file = site.file();
    let tail = file.rsplit(['/', '\\']).take(2).collect::<Vec<_>>();
    let file = tail.into_iter().rev().collect::<Vec<_>>().join("/");
    format!("{file}:{}", site.line())
}

fn hb(bytes: u64) -> String {
    human(usize::try_from(bytes).unwrap_or(usize::MAX))
}

impl std::fmt::Display for PlacementReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "{:<24} {:<11} {:<6} {:>6} {:>10} {:>10} {:>6} {:>8} {:>10} {:>10} {:>10}  recommendation",
            "site", "pattern", "kind", "arrays", "uploaded", "downloaded", "host", "kernels",
            "moved dev", "shared", "host"
        )?;
        for s in &self.sites {
            let rec = match s.recommended {
                Some(k) => format!("{} (saves {})", k.name(), hb(s.saving())),
                None => "keep".into(),
            };
            writeln!(
                f,
                "{:<24} {:<11} {:<6} {:>6} {:>10} {:>10} {:>6} {:>8} {:>10} {:>10} {:>10}  {rec}",
                short(s.site),
                s.access,
                s.kind.name(),
                s.allocations,
                hb(s.upload_bytes),
                hb(s.download_bytes),
                s.host_accesses,
                s.usage.device_reads + s.usage.device_writes,
                hb(s.moved[0].1),
                hb(s.moved[1].1),
                hb(s.moved[2].1),
            )?;
        }
        Ok(())
    }
}
