// cl-std: CL2.0
// clang-flags: -Xclang -cl-ext=+cl_khr_subgroups,+cl_intel_subgroups,+cl_intel_required_subgroup_size
// spirv-ext: +SPV_INTEL_subgroups
// spirv-version: 1.1
// spirv-val-env: spv1.1
// Sub-groups (cl_khr_subgroups, cl_intel_subgroups) and work-group collectives, in SPIR-V 1.0
// (OpGroup* of the Groups capability, OpSubgroup*INTEL). Every kernel is 1-D; "i" is the
// global id, "x" the work-item's input.

// clang-15's built-in declarations lack cl_intel_subgroups: declared here, as opencl-c.h does.
uint __attribute__((overloadable)) intel_sub_group_shuffle(uint x, uint c);
uint __attribute__((overloadable)) intel_sub_group_shuffle_down(uint cur, uint next, uint c);
uint __attribute__((overloadable)) intel_sub_group_shuffle_up(uint prev, uint cur, uint c);
uint __attribute__((overloadable)) intel_sub_group_shuffle_xor(uint x, uint c);
uint2 __attribute__((overloadable)) intel_sub_group_block_read2(const global uint* p);
void __attribute__((overloadable)) intel_sub_group_block_write2(global uint* p, uint2 data);
float4 __attribute__((overloadable)) intel_sub_group_shuffle(float4 x, uint c);

// out[6i..]: sub-group size, max size, number of sub-groups, sub-group id, local id, enqueued
// number of sub-groups.
kernel void sg_info(global uint* out) {
    size_t i = get_global_id(0);
    out[6 * i + 0] = get_sub_group_size();
    out[6 * i + 1] = get_max_sub_group_size();
    out[6 * i + 2] = get_num_sub_groups();
    out[6 * i + 3] = get_sub_group_id();
    out[6 * i + 4] = get_sub_group_local_id();
    out[6 * i + 5] = get_enqueued_num_sub_groups();
}

// The same with a required sub-group size of 8 and of 32.
__attribute__((intel_reqd_sub_group_size(8))) kernel void sg_info8(global uint* out) {
    size_t i = get_global_id(0);
    out[2 * i + 0] = get_sub_group_size();
    out[2 * i + 1] = sub_group_reduce_add(get_sub_group_local_id());
}

__attribute__((intel_reqd_sub_group_size(32))) kernel void sg_info32(global uint* out) {
    size_t i = get_global_id(0);
    out[2 * i + 0] = get_sub_group_size();
    out[2 * i + 1] = sub_group_reduce_add(get_sub_group_local_id());
}

// out[8i..]: reduce add, min, max; inclusive and exclusive add scans; the value of the
// sub-group's last work-item; any(x > 50); all(x > -90).
kernel void sg_int(global const int* in, global int* out) {
    size_t i = get_global_id(0);
    int x = in[i];
    out[8 * i + 0] = sub_group_reduce_add(x);
    out[8 * i + 1] = sub_group_reduce_min(x);
    out[8 * i + 2] = sub_group_reduce_max(x);
    out[8 * i + 3] = sub_group_scan_inclusive_add(x);
    out[8 * i + 4] = sub_group_scan_exclusive_add(x);
    out[8 * i + 5] = sub_group_broadcast(x, get_sub_group_size() - 1);
    out[8 * i + 6] = sub_group_any(x > 50);
    out[8 * i + 7] = sub_group_all(x > -90);
}

// out[4i..]: float reduce add, min, max, exclusive max scan.
kernel void sg_float(global const float* in, global float* out) {
    size_t i = get_global_id(0);
    float x = in[i];
    out[4 * i + 0] = sub_group_reduce_add(x);
    out[4 * i + 1] = sub_group_reduce_min(x);
    out[4 * i + 2] = sub_group_scan_exclusive_max(x);
    out[4 * i + 3] = sub_group_scan_inclusive_min(x);
}

// out[4i..]: cl_intel_subgroups shuffles: of (lid + 3) % size; down by 3 from (x, x + 1000);
// up by 2 from (x + 1000, x); xor 1.
kernel void sg_intel(global const uint* in, global uint* out) {
    size_t i = get_global_id(0);
    uint x = in[i];
    uint l = get_sub_group_local_id(), n = get_sub_group_size();
    out[4 * i + 0] = intel_sub_group_shuffle(x, (l + 3) % n);
    out[4 * i + 1] = intel_sub_group_shuffle_down(x, x + 1000, 3);
    out[4 * i + 2] = intel_sub_group_shuffle_up(x + 1000, x, 2);
    out[4 * i + 3] = intel_sub_group_shuffle_xor(x, 1);
}

// Block reads and writes: each sub-group reads two uints per work-item from its part of `in`
// (2 × max sub-group size uints) and writes them, plus 1, at the same place of `out`.
kernel void sg_block(global const uint* in, global uint* out) {
    size_t base = (get_group_id(0) * get_local_size(0) +
                   get_sub_group_id() * get_max_sub_group_size()) * 2;
    uint2 v = intel_sub_group_block_read2(in + base);
    intel_sub_group_block_write2(out + base, v + (uint2)(1, 1));
}

// out[8i..]: work-group reduce add, min, max; inclusive and exclusive add scans; the value of
// local id 1 (or 0 in a group of one); any(x > 50); all(x > -90).
kernel void wg_int(global const int* in, global int* out) {
    size_t i = get_global_id(0);
    int x = in[i];
    out[8 * i + 0] = work_group_reduce_add(x);
    out[8 * i + 1] = work_group_reduce_min(x);
    out[8 * i + 2] = work_group_reduce_max(x);
    out[8 * i + 3] = work_group_scan_inclusive_add(x);
    out[8 * i + 4] = work_group_scan_exclusive_add(x);
    out[8 * i + 5] = work_group_broadcast(x, get_local_size(0) > 1 ? 1 : 0);
    out[8 * i + 6] = work_group_any(x > 50);
    out[8 * i + 7] = work_group_all(x > -90);
}

// Work-group and sub-group sums after a loop whose trip count differs between work-items
// (in & 3 steps of y = y * 3 + 1, y = in): packs whose work-items disagree run one by one,
// between packs that run together. out[2i..] = the group's sum of y, the sub-group's; floats
// (exact: small integers) for the group's, so both the int and the float paths run.
kernel void wg_uneven(global const int* in, global int* out) {
    size_t i = get_global_id(0);
    int y = in[i];
    for (int k = 0; k < (in[i] & 3); ++k)
        y = y * 3 + 1;
    out[2 * i + 0] = (int)work_group_reduce_add((float)y);
    out[2 * i + 1] = sub_group_reduce_add(y);
}

// 2-D groups: out[2i..] = the value of local id (1, 1) of the group, and the group's sum of x
// (i the linear global id).
kernel void wg_2d(global const int* in, global int* out) {
    size_t i = get_global_id(1) * get_global_size(0) + get_global_id(0);
    int x = in[i];
    out[2 * i + 0] = work_group_broadcast(x, 1, 1);
    out[2 * i + 1] = work_group_reduce_add(x);
}

// Vectors component by component: out[i] = in[] of the work-item (l + 1) % n of the sub-group,
// as a float4 shuffle.
kernel void sg_vec(global const float4* in, global float4* out) {
    size_t i = get_global_id(0);
    uint l = get_sub_group_local_id(), n = get_sub_group_size();
    out[i] = intel_sub_group_shuffle(in[i], (l + 1) % n);
}

// Collectives in a loop every work-item runs as often: out[i] = sum over k < iters of the
// group's sum of x + k, plus the sub-group's maximum of x * k.
kernel void wg_loop(global const int* in, global int* out, int iters) {
    size_t i = get_global_id(0);
    int x = in[i], acc = 0;
    for (int k = 0; k < iters; k++) {
        acc += work_group_reduce_add(x + k);
        acc += sub_group_reduce_max(x * k);
    }
    out[i] = acc;
}

// A collective in a loop whose trip count differs between work-items (1 or 2): part of the
// group meets the second reduction, so the compiler fails the launch rather than give it a
// wrong value.
kernel void wg_uneven_loop(global const int* in, global int* out) {
    size_t i = get_global_id(0);
    int acc = 0;
    for (uint k = 0; k <= get_local_id(0) % 2; k++)
        acc += work_group_reduce_add(in[i]);
    out[i] = acc;
}

// A work-item that returns before a collective the others meet: likewise.
kernel void wg_early_return(global const int* in, global int* out) {
    size_t i = get_global_id(0);
    if (get_local_id(0) == 1)
        return;
    out[i] = work_group_scan_inclusive_add(in[i]);
}

// A lone work-group scan every work-item reaches once (the compiler runs it without a barrier:
// the work-items take their steps in id order), after a branch that splits packs and a loop
// whose trip count differs between work-items: y = x odd ? 3x : x, then y += 0 + 1 + ... +
// (|x| % 3 - 1); out[i] = the inclusive prefix sum of y over i's group.
kernel void wg_lone_scan(global const int* in, global int* out) {
    size_t i = get_global_id(0);
    int x = in[i];
    int y = (x & 1) ? 3 * x : x;
    for (int k = 0; k < abs(x) % 3; k++)
        y += k;
    out[i] = work_group_scan_inclusive_add(y);
}

// One work-item stores a group's total after the reduction's barrier: local id 5 in
// dimension 0 (wg_guarded_lid5) or local linear id 5 (wg_guarded_linear5), 1-D or 2-D, in
// groups that do and do not have it: out[group] = total + 5 where it exists. (The compiler
// runs only the pack holding it, in groups of one row.)
kernel void wg_guarded_lid5(global const int* in, global int* out) {
    size_t g = get_group_id(1) * get_num_groups(0) + get_group_id(0);
    int s = work_group_reduce_add(in[get_global_linear_id()]);
    if (get_local_id(0) == 5)
        out[g] = s + 5;
}

kernel void wg_guarded_linear5(global const int* in, global int* out) {
    size_t g = get_group_id(1) * get_num_groups(0) + get_group_id(0);
    int s = work_group_reduce_add(in[get_global_linear_id()]);
    if (get_local_linear_id() == 5)
        out[g] = s + 5;
}
