#include "cli/app.h"

int main(int argc, char** argv) { return forklift::cli::run(argc, argv); }
