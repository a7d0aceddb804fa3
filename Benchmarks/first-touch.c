// first-touch: what the machine charges for touching fresh memory, apart from jf.
//
//   cc -O2 -o /tmp/first-touch Benchmarks/first-touch.c && /tmp/first-touch 200 && /tmp/first-touch 2000
//
// Allocates the given number of MiB and writes one byte per 4 KiB page, so that every page is
// faulted in once, and prints the time per page. docs/performance.md uses it to show how the
// cost of a page fault on the benchmark machine grows with the size of the process.
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: first-touch MIB\n");
        return 2;
    }
    size_t bytes = (size_t)atol(argv[1]) << 20;
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    volatile char *memory = malloc(bytes);
    if (memory == NULL) {
        fprintf(stderr, "first-touch: cannot allocate %s MiB\n", argv[1]);
        return 1;
    }
    for (size_t offset = 0; offset < bytes; offset += 4096) memory[offset] = 1;
    clock_gettime(CLOCK_MONOTONIC, &end);
    double seconds = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
    printf("%s MiB: %.3f s, %.2f us per page\n", argv[1], seconds, seconds * 1e6 / (double)(bytes / 4096));
    return 0;
}
