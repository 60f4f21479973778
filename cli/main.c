#include <stdio.h>
int main(void) { puts("grotto: under construction"); return 0; }
