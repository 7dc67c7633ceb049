#pragma once

// Starts the desktop GUI (creates the QApplication). argv may carry a file to open.
// Returns the process exit code.
int runGui(int argc, char **argv);

// Used instead of runGui() when no display is available: shows what the GUI would do as text.
int runHeadlessDemo();
