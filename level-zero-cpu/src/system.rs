//! Shared system memory: the program's own memory (`malloc`, the stack, globals), which the
//! device shares with the host (`sharedSystemAllocCapabilities`). Copies and fills use it
//! directly where `maps` finds it readable or writable; a kernel reaches the read-write mapping a pointer argument points into, and with
//! indirect access every read-write mapping of the process, always without the USM
//! allocations and freed USM inside them (those are reached only as USM).

use crate::mapping;
use crate::memory;

/// A memory range `[base, end)`.
pub type Span = (usize, usize);

/// The read-write mappings of the process (`/proc/self/maps`), in address order.
fn read_write_mappings() -> Vec<Span> {
    let Ok(maps) = std::fs::read_to_string("/proc/self/maps") else {
        return Vec::new();
    };
    maps.lines()
        .filter_map(|line| {
            let mut fields = line.split_whitespace();
            let (range, perms) = (fields.next()?, fields.next()?);
            if !perms.starts_with("rw") {
                return None;
            }
            let (lo, hi) = range.split_once('-')?;
            let base = usize::from_str_radix(lo, 16).ok()?;
            let end = usize::from_str_radix(hi, 16).ok()?;
            (end > base).then_some((base, end))
        })
        .collect()
}

/// `span` without the USM (live or freed) inside it: the parts of system memory left.
fn without_usm(span: Span) -> Vec<Span> {
    let mut usm: Vec<Span> = memory::usm_in(span.0, span.1);
    usm.extend(mapping::freed_in(span.0, span.1));
    usm.sort_unstable();
    let mut parts = Vec::new();
    let mut at = span.0;
    for (base, end) in usm {
        if base > at {
            parts.push((at, base.min(span.1)));
        }
        at = at.max(end);
    }
    if at < span.1 {
        parts.push((at, span.1));
    }
    parts
}

/// The system memory a pointer argument `ptr` reaches: the part of its read-write mapping
/// between the USM around it; `None` if `ptr` is not in memory the process can write.
pub fn region(ptr: usize) -> Option<Span> {
    let mapping = read_write_mappings()
        .into_iter()
        .find(|&(base, end)| base <= ptr && ptr < end)?;
    without_usm(mapping)
        .into_iter()
        .find(|&(base, end)| base <= ptr && ptr < end)
}

/// All system memory, for kernels allowed indirect access.
pub fn regions() -> Vec<Span> {
    read_write_mappings()
        .into_iter()
        .flat_map(without_usm)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heap_and_stack_are_system_memory_and_reach_their_mapping() {
        let heap = vec![1u8; 1 << 20];
        let on_stack = [0u8; 64];
        for ptr in [heap.as_ptr() as usize + 4096, on_stack.as_ptr() as usize] {
            let (base, end) = region(ptr).expect("a read-write mapping");
            assert!(base <= ptr && ptr < end);
            assert!(regions().iter().any(|&(b, e)| b <= ptr && ptr < e));
        }
        assert_eq!(region(8), None, "the zero page is not mapped");
    }

    #[test]
    fn usm_is_cut_out_of_a_span() {
        assert_eq!(without_usm((10, 20)), vec![(10, 20)]);
    }
}
