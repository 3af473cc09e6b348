//! Allocation traces: what the pool records, and the text format's round trip.

use onearray::pool::{start_trace, stop_trace, tracing, AllocTrace, TraceEvent};
use onearray::{HostBuffer, MemoryKind, OneArray};
use proptest::prelude::*;

/// The only test of this binary that allocates: the trace holds exactly its allocations.
#[test]
fn records_requests_kinds_threads_and_frees_in_order() {
    let before = OneArray::<u8>::zeroed(100).unwrap(); // not in the trace, nor its free
    start_trace();
    assert!(tracing());
    let a = OneArray::<f32>::zeroed(1000).unwrap();
    let b = OneArray::<u16, HostBuffer>::zeroed(3).unwrap();
    drop(a);
    drop(before);
    std::thread::spawn(|| drop(OneArray::<u8>::zeroed(7).unwrap()))
        .join()
        .unwrap();
    drop(b);
    let t = stop_trace();
    assert!(!tracing());
    let ids: Vec<u64> = t
        .events
        .iter()
        .filter_map(|e| match e {
            TraceEvent::Alloc { id, .. } => Some(*id),
            TraceEvent::Free { .. } => None,
        })
        .collect();
    assert_eq!(ids.len(), 3, "{t:?}");
    let expect = [
        TraceEvent::Alloc {
            id: ids[0],
            bytes: 4000,
            kind: MemoryKind::Device,
            stream: 0,
        },
        TraceEvent::Alloc {
            id: ids[1],
            bytes: 6,
            kind: MemoryKind::Host,
            stream: 0,
        },
        TraceEvent::Free { id: ids[0] },
        TraceEvent::Alloc {
            id: ids[2],
            bytes: 7,
            kind: MemoryKind::Device,
            stream: 1,
        },
        TraceEvent::Free { id: ids[2] },
        TraceEvent::Free { id: ids[1] },
    ];
    assert_eq!(t.events, expect);
    assert_eq!(AllocTrace::parse(&t.to_text()).unwrap(), t);
    // Nothing is recorded once stopped.
    drop(OneArray::<u8>::zeroed(5).unwrap());
    assert!(stop_trace().events.is_empty());
}

fn event() -> impl Strategy<Value = TraceEvent> {
    prop_oneof![
        (
            any::<u64>(),
            any::<u64>(),
            prop::sample::select(vec![
                MemoryKind::Device,
                MemoryKind::Shared,
                MemoryKind::Host
            ]),
            any::<u32>()
        )
            .prop_map(|(id, bytes, kind, stream)| TraceEvent::Alloc {
                id,
                bytes,
                kind,
                stream
            }),
        any::<u64>().prop_map(|id| TraceEvent::Free { id }),
    ]
}

proptest! {
    #[test]
    fn text_round_trips(events in prop::collection::vec(event(), 0..50)) {
        let t = AllocTrace { events };
        prop_assert_eq!(AllocTrace::parse(&t.to_text()).unwrap(), t);
    }

    #[test]
    fn malformed_lines_name_their_line(line in "[a-z0-9 ]{0,20}") {
        let text = format!("# onearray allocation trace v1\nf 1\n{line}\n");
        match AllocTrace::parse(&text) {
            Ok(t) => prop_assert!(t.events.len() <= 2),
            Err(e) => prop_assert!(e.starts_with("line 3:"), "{}", e),
        }
    }
}
