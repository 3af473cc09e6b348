// Exports scale() again: linking it with link_lib.cl is an error (two exports of one name).
float scale(float x, int k) {
    return x - (float)k;
}
