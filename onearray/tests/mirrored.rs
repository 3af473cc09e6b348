//! Mirrored buffers: contents and transfer counts against a model, under any sequence of
//! accesses.

use onearray::{MirrorState, MirrorStats, Mirrored, OneArray, Result};
use proptest::prelude::*;

#[derive(Clone, Debug)]
enum Op {
    HostRead,
    HostWrite(usize, u32),
    HostOverwrite(u32),
    DeviceRead,
    DeviceFill(u32),
    DeviceOverwrite(u32),
    Sync,
}

fn op(len: usize) -> impl Strategy<Value = Op> {
    prop_oneof![
        Just(Op::HostRead),
        (0..len, any::<u32>()).prop_map(|(i, v)| Op::HostWrite(i, v)),
        any::<u32>().prop_map(Op::HostOverwrite),
        Just(Op::DeviceRead),
        any::<u32>().prop_map(Op::DeviceFill),
        any::<u32>().prop_map(Op::DeviceOverwrite),
        Just(Op::Sync),
    ]
}

/// What a lazily synchronizing buffer must do: the contents, the state, and the counts.
struct Model {
    data: Vec<u32>,
    state: MirrorState,
    stats: MirrorStats,
    bytes: u64,
}

impl Model {
    fn need_host(&mut self) {
        if self.state == MirrorState::DeviceDirty {
            self.stats.downloads += 1;
            self.stats.bytes_downloaded += self.bytes;
            self.state = MirrorState::InSync;
        } else {
            self.stats.avoided += 1;
        }
    }
    fn need_device(&mut self) {
        if self.state == MirrorState::HostDirty {
            self.stats.uploads += 1;
            self.stats.bytes_uploaded += self.bytes;
            self.state = MirrorState::InSync;
        } else {
            self.stats.avoided += 1;
        }
    }
    fn discard(&mut self, stale: MirrorState, now: MirrorState) {
        if self.state == stale {
            self.stats.discarded += 1;
        }
        self.state = now;
    }
}

fn apply(m: &mut Mirrored<u32>, model: &mut Model, op: &Op) -> Result<()> {
    match *op {
        Op::HostRead => {
            model.need_host();
            assert_eq!(m.host()?, &model.data[..]);
        }
        Op::HostWrite(i, v) => {
            model.need_host();
            model.state = MirrorState::HostDirty;
            m.host_mut()?[i] = v;
            model.data[i] = v;
        }
        Op::HostOverwrite(v) => {
            model.discard(MirrorState::DeviceDirty, MirrorState::HostDirty);
            m.host_overwrite()?.fill(v);
            model.data.fill(v);
        }
        Op::DeviceRead => {
            model.need_device();
            assert_eq!(m.device()?.to_vec()?, model.data);
        }
        Op::DeviceFill(v) => {
            model.need_device();
            model.state = MirrorState::DeviceDirty;
            // Half the array: the rest must have been uploaded before.
            let n = model.data.len() / 2;
            m.device_mut()?.view_mut(0..n)?.fill(v)?;
            model.data[..n].fill(v);
        }
        Op::DeviceOverwrite(v) => {
            model.discard(MirrorState::HostDirty, MirrorState::DeviceDirty);
            m.device_overwrite()?.fill(v)?;
            model.data.fill(v);
        }
        Op::Sync => {
            match model.state {
                MirrorState::HostDirty => model.need_device(),
                MirrorState::DeviceDirty => model.need_host(),
                MirrorState::InSync => {}
            }
            m.sync()?;
        }
    }
    assert_eq!(m.state(), model.state, "after {op:?}");
    assert_eq!(m.stats(), model.stats, "after {op:?}");
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn matches_the_model(init in proptest::collection::vec(any::<u32>(), 1..300),
                         ops in proptest::collection::vec(op(1), 0..24)) {
        let len = init.len();
        let ops: Vec<Op> = ops.into_iter().map(|o| match o {
            Op::HostWrite(_, v) => Op::HostWrite(len / 3, v),
            o => o,
        }).collect();
        let mut m = Mirrored::from_slice(&init).unwrap();
        let mut model = Model {
            data: init,
            state: MirrorState::HostDirty,
            stats: MirrorStats::default(),
            bytes: (len * 4) as u64,
        };
        for o in &ops {
            apply(&mut m, &mut model, o).unwrap();
        }
        // Whatever happened, both sides end equal to the model.
        m.sync().unwrap();
        prop_assert_eq!(m.to_vec().unwrap(), model.data.clone());
        prop_assert_eq!(m.device().unwrap().to_vec().unwrap(), model.data);
    }
}

#[test]
fn zeroed_is_in_sync_and_reads_cost_nothing() -> Result<()> {
    let m = Mirrored::<f64>::zeroed(1000)?;
    assert_eq!(m.state(), MirrorState::InSync);
    for _ in 0..5 {
        assert!(m.host()?.iter().all(|&v| v == 0.0));
        assert_eq!(m.device()?.len(), 1000);
    }
    let s = m.stats();
    assert_eq!((s.transfers(), s.avoided), (0, 10));
    Ok(())
}

#[test]
fn host_and_device_references_coexist_while_reading() -> Result<()> {
    let mut m = Mirrored::<u8>::from_slice(&[1, 2, 3, 4])?;
    let d = m.device()?;
    let h = m.host()?;
    let mut back = OneArray::<u8>::zeroed(4)?;
    back.copy_from(d)?;
    assert_eq!(back.to_vec()?, h);
    m.device_mut()?.copy_from_slice(&[9, 9, 9, 9])?;
    assert_eq!(m.host()?, &[9, 9, 9, 9]);
    assert_eq!(m.stats().transfers(), 2);
    Ok(())
}

#[test]
fn empty_buffer() -> Result<()> {
    let mut m = Mirrored::<u16>::from_slice(&[])?;
    assert!(m.is_empty());
    m.device_mut()?;
    assert_eq!(m.host()?, &[] as &[u16]);
    Ok(())
}
