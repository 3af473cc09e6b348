// Exports scale() with another type (double): linking it with link_main.cl is an error.
global int offset = 1;

double scale(double x, int k) {
    return x * k;
}
