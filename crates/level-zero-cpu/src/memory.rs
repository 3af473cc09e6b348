//! Unified shared memory: host, device and shared allocations in host memory.

/// Live allocations owned by `context` (0: all), as report lines.
pub fn leaked_allocations(_context: usize) -> Vec<String> {
    Vec::new()
}
