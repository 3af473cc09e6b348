//! Arrays shared between processes: exported with `share`, opened with `open_shared` in a
//! child process (a re-run of this test binary), written on both sides.

use onearray::{memory_info, trim, Error, MemoryKind, OneArray, Result, SharedBuffer};
use std::process::Command;
use std::sync::{Mutex, MutexGuard};

/// The tests run one at a time: one of them counts the pools' blocks.
fn serial() -> MutexGuard<'static, ()> {
    static SERIAL: Mutex<()> = Mutex::new(());
    SERIAL
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

const CHILD: &str = "ONEARRAY_TEST_IPC_CHILD";

fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn from_hex(hex: &str) -> Vec<u8> {
    (0..hex.len() / 2)
        .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).unwrap())
        .collect()
}

/// Runs test `name` again in a child process with the export's bytes; asserts it passed.
fn run_child(name: &str, bytes: &[u8]) {
    let out = Command::new(std::env::current_exe().unwrap())
        .args([name, "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD, to_hex(bytes))
        .output()
        .expect("spawn test child");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && stdout.contains("1 passed"),
        "child failed ({}):\n{stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The parent's elements (a 2-D array at an offset of its pool block) and the child's.
fn parent_values() -> Vec<u32> {
    (0..600).map(|i| i * 3 + 1).collect()
}

fn child_values() -> Vec<u32> {
    (0..600).map(|i| 7_000_000 - i).collect()
}

#[test]
fn array_written_by_a_child_process() -> Result<()> {
    let _serial = serial();
    let name = "array_written_by_a_child_process";
    if let Ok(hex) = std::env::var(CHILD) {
        // The child: the parent's elements and shape, written back.
        let mut a = OneArray::<u32>::open_shared(&from_hex(&hex))?;
        assert_eq!(a.shape(), &[20, 30]);
        assert_eq!(a.to_vec()?, parent_values());
        a.copy_from_slice(&child_values())?;
        // A second opening of the same export, in the same process, sees the write.
        let again = OneArray::<u32>::open_shared(&from_hex(&hex))?;
        assert_eq!(again.to_vec()?, child_values());
        return Ok(());
    }
    // The parent: 100 guard elements, then the shared ones (at a byte offset in the block).
    let whole = OneArray::<u32>::from_slice(&vec![5; 700])?;
    let mut shared = whole.view_owned(100..700)?.reshape(&[20, 30])?;
    shared.copy_from_slice(&parent_values())?;
    let export = shared.share()?;
    assert_eq!(export.len(), 600);
    drop(shared); // the export keeps the memory
    run_child(name, export.as_bytes());
    let all = whole.to_vec()?;
    assert_eq!(
        &all[..100],
        &[5; 100][..],
        "elements before the shared ones"
    );
    assert_eq!(&all[100..], &child_values()[..], "the child's writes");
    Ok(())
}

/// A large array on expandable segments (pages of the pool's virtual memory range, across
/// several physical memory objects) shared with a child process, written on both sides.
#[test]
fn expandable_array_written_by_a_child_process() -> Result<()> {
    let _serial = serial();
    let name = "expandable_array_written_by_a_child_process";
    let n = (5 << 20) / 4 + 1000; // 5 MiB and more of u32: three 2 MiB chunks or more
    let at = |i: usize, seed: u32| (i as u32).wrapping_mul(2_654_435_761) ^ seed;
    if let Ok(hex) = std::env::var(CHILD) {
        let mut a = OneArray::<u32>::open_shared(&from_hex(&hex))?;
        assert_eq!(a.to_vec()?, (0..n).map(|i| at(i, 1)).collect::<Vec<_>>());
        a.copy_from_slice(&(0..n).map(|i| at(i, 2)).collect::<Vec<_>>())?;
        return Ok(());
    }
    let was = onearray::pool::expandable();
    onearray::pool::set_expandable(true);
    let result = (|| {
        let a = OneArray::<u32>::from_slice(&(0..n).map(|i| at(i, 1)).collect::<Vec<_>>())?;
        let ctx = level_zero::default_context()?;
        let (_, reserved) = level_zero::address_range(&ctx, a.as_ptr().cast())?;
        if onearray::pool_enabled() {
            assert!(
                reserved >= 1 << 30,
                "not on the expandable range ({reserved} bytes)"
            );
        }
        let export = a.share()?;
        run_child(name, export.as_bytes());
        assert_eq!(a.to_vec()?, (0..n).map(|i| at(i, 2)).collect::<Vec<_>>());
        // Given back, its piece is never handed out again.
        let a_at = a.as_ptr();
        drop((a, export));
        let b = OneArray::<u32>::zeroed(n)?;
        assert_ne!(b.as_ptr(), a_at, "the exported piece was handed out again");
        Ok(())
    })();
    onearray::pool::set_expandable(was);
    trim();
    result
}

#[test]
fn export_outlives_the_array() -> Result<()> {
    let _serial = serial();
    let a = OneArray::<f64>::from_slice(&[1.5, 2.5, 3.5])?;
    let export = a.share()?;
    drop(a);
    let b = OneArray::<f64>::open_shared(export.as_bytes())?;
    drop(export);
    assert_eq!(
        b.to_vec()?,
        vec![1.5, 2.5, 3.5],
        "opened memory outlives the export"
    );
    Ok(())
}

#[test]
fn exported_blocks_are_not_pooled_again() -> Result<()> {
    let _serial = serial();
    let device_pools = || Ok::<_, Error>(memory_info()?.of_kind(MemoryKind::Device));
    // Control: a block that was not exported goes back to the pool.
    let before = device_pools()?;
    drop(OneArray::<u8>::from_slice(&[9; 1000])?);
    let after = device_pools()?;
    if onearray::pool_enabled() {
        assert_eq!(
            after.bytes_pooled,
            before.bytes_pooled + 1024,
            "a 1 KiB class is pooled"
        );
    }
    let a = OneArray::<u8>::from_slice(&[9; 1000])?;
    let with_a = device_pools()?;
    let export = a.share()?;
    drop((a, export));
    let exported = device_pools()?;
    assert_eq!(
        exported.bytes_pooled, with_a.bytes_pooled,
        "the exported block was pooled"
    );
    assert_eq!(
        exported.released,
        with_a.released + 1,
        "the exported block was freed"
    );
    assert_eq!(exported.live_allocations + 1, with_a.live_allocations);
    Ok(())
}

/// A large array is a piece of a segment, exported in place: that piece is never handed
/// out again, and the segment goes back to the driver once its other pieces are back.
#[test]
fn exported_large_pieces_are_never_reused() -> Result<()> {
    let _serial = serial();
    let device_pools = || Ok::<_, Error>(memory_info()?.of_kind(MemoryKind::Device));
    let n = 1 << 18; // 1 MiB of u32: above pool::LARGE
    trim();
    drop(OneArray::<u32>::zeroed(2 * n)?); // a 2 MiB segment: `a` and `b` are its halves
    let a = OneArray::<u32>::filled(n, 7)?;
    let b = OneArray::<u32>::filled(n, 8)?;
    let a_at = a.as_ptr();
    let export = a.share()?;
    let opened = OneArray::<u32>::open_shared(export.as_bytes())?;
    drop((a, export));
    assert_eq!(opened.to_vec()?, vec![7; n]);
    let c = OneArray::<u32>::filled(n, 9)?;
    if onearray::pool_enabled() {
        assert_ne!(c.as_ptr(), a_at, "the exported piece was handed out again");
    }
    assert_eq!(
        opened.to_vec()?,
        vec![7; n],
        "another array wrote the exported piece"
    );
    let before = device_pools()?;
    drop(b);
    let c = if onearray::pool::expandable() {
        // Pages of the expandable range go at a trim once every other piece is back.
        drop(c);
        trim();
        None
    } else {
        Some(c)
    };
    if onearray::pool_enabled() {
        assert!(
            device_pools()?.released > before.released,
            "the exported piece's segment was kept"
        );
    }
    drop((c, opened));
    Ok(())
}

#[test]
fn mismatches_are_typed_errors() -> Result<()> {
    let _serial = serial();
    let a = OneArray::<u32>::from_slice(&[1, 2, 3, 4])?;
    let export = a.share()?;
    let bytes = export.as_bytes();
    let e = OneArray::<i32>::open_shared(bytes).unwrap_err();
    assert!(
        matches!(
            e,
            Error::IpcElement {
                sent_size: 4,
                wanted_size: 4,
                wanted: "i32"
            }
        ),
        "{e}"
    );
    let e = OneArray::<u64>::open_shared(bytes).unwrap_err();
    assert!(
        matches!(
            e,
            Error::IpcElement {
                sent_size: 4,
                wanted_size: 8,
                ..
            }
        ),
        "{e}"
    );
    let e = OneArray::<u32>::open_shared(&bytes[1..]).unwrap_err();
    assert!(
        matches!(&e, Error::Ipc { what } if what.contains("not an exported array")),
        "{e}"
    );
    let mut garbled = bytes.to_vec();
    garbled[0] ^= 1;
    assert!(matches!(
        OneArray::<u32>::open_shared(&garbled),
        Err(Error::Ipc { .. })
    ));
    let (ctx, dev) = (
        level_zero::default_context()?,
        level_zero::default_device()?,
    );
    // SAFETY: refused before anything is opened (device memory, shared array type).
    let e = unsafe { OneArray::<u32, SharedBuffer>::open_shared_unchecked_in(&ctx, &dev, bytes) }
        .unwrap_err();
    assert!(
        matches!(&e, Error::Ipc { what } if what.contains("device memory") && what.contains("shared")),
        "{e}"
    );
    Ok(())
}

#[test]
fn shared_memory_arrays_cross_unchecked() -> Result<()> {
    let _serial = serial();
    let (ctx, dev) = (
        level_zero::default_context()?,
        level_zero::default_device()?,
    );
    let a = OneArray::<u16, SharedBuffer>::from_slice(&[4, 5, 6])?;
    // SAFETY: no host slice is borrowed while the other side writes (one thread, in turn).
    let export = unsafe { a.share_unchecked()? };
    // SAFETY: as above.
    let mut b = unsafe {
        OneArray::<u16, SharedBuffer>::open_shared_unchecked_in(&ctx, &dev, export.as_bytes())?
    };
    assert_eq!(b.as_slice(), &[4, 5, 6]);
    b.as_mut_slice()[1] = 50;
    assert_eq!(a.as_slice(), &[4, 50, 6]);
    Ok(())
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(32))]
    /// Any sub-range of a pooled array, any 2-D shape of it: the opened array has the same
    /// elements and shape, and writes through it land in the exporter's range only.
    #[test]
    fn opened_arrays_match_the_export(
        total in 1usize..3000,
        start_frac in 0.0f64..1.0,
        len_frac in 0.0f64..1.0,
        cols in 1usize..8,
    ) {
        let _serial = serial();
        let start = ((total - 1) as f64 * start_frac) as usize;
        let len = (((total - start) as f64 * len_frac) as usize).max(1);
        let rows = len / cols;
        let all: Vec<u64> = (0..total as u64).collect();
        let whole = OneArray::<u64>::from_slice(&all).unwrap();
        let mut part = whole.view_owned(start..start + len).unwrap();
        if rows > 0 && rows * cols == len {
            part = part.reshape(&[rows, cols]).unwrap();
        }
        let export = part.share().unwrap();
        let mut opened = OneArray::<u64>::open_shared(export.as_bytes()).unwrap();
        proptest::prop_assert_eq!(opened.shape(), part.shape());
        proptest::prop_assert_eq!(opened.to_vec().unwrap(), all[start..start + len].to_vec());
        opened.fill(u64::MAX).unwrap();
        let mut expected = all.clone();
        expected[start..start + len].fill(u64::MAX);
        proptest::prop_assert_eq!(whole.to_vec().unwrap(), expected);
    }
}
