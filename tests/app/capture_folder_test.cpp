// The default capture folder's source in user-dirs.dirs: XDG_PICTURES_DIR as xdg-user-dirs
// writes it ("$HOME/..." or an absolute path), comments and other folders ignored.
#include <gtest/gtest.h>

#include "capture_path.h"

namespace gs::app {
namespace {

TEST(UserDirs, PicturesDirWithHomeExpandedOrAbsolute) {
  const std::string file =
      "# This file is written by xdg-user-dirs-update\n"
      "XDG_DESKTOP_DIR=\"$HOME/Desktop\"\n"
      "XDG_PICTURES_DIR=\"$HOME/Bilder\"\n";
  EXPECT_EQ(pictures_dir_in_user_dirs(file, "/home/ada"), "/home/ada/Bilder");
  EXPECT_EQ(pictures_dir_in_user_dirs("XDG_PICTURES_DIR=\"/srv/pictures\"\n", "/home/ada"),
            "/srv/pictures");
  EXPECT_EQ(pictures_dir_in_user_dirs("  XDG_PICTURES_DIR=\"${HOME}/P\"\n", "/h"), "/h/P");
  EXPECT_EQ(pictures_dir_in_user_dirs("XDG_PICTURES_DIR=\"$HOME\"\n", "/h"), "/h");
  EXPECT_EQ(pictures_dir_in_user_dirs("XDG_PICTURES_DIR=\"/a\"\nXDG_PICTURES_DIR=\"/b\"\n", "/h"),
            "/b")
      << "the last one, as when the shell reads the file";
}

TEST(UserDirs, NothingWhereTheFileDoesNotSetAUsablePicturesDir) {
  EXPECT_EQ(pictures_dir_in_user_dirs("", "/h"), "");
  EXPECT_EQ(pictures_dir_in_user_dirs("# XDG_PICTURES_DIR=\"/x\"\n", "/h"), "");
  EXPECT_EQ(pictures_dir_in_user_dirs("XDG_DESKTOP_DIR=\"/x\"\n", "/h"), "");
  EXPECT_EQ(pictures_dir_in_user_dirs("XDG_PICTURES_DIR=\"Pictures\"\n", "/h"), "")
      << "neither $HOME/ nor absolute";
  EXPECT_EQ(pictures_dir_in_user_dirs("XDG_PICTURES_DIR=\"$HOMEDIR/x\"\n", "/h"), "");
  EXPECT_EQ(pictures_dir_in_user_dirs("XDG_PICTURES_DIR=\"$HOME/x\"\n", ""), "") << "no home";
  EXPECT_EQ(pictures_dir_in_user_dirs("XDG_PICTURES_DIR=\"/unterminated\n", "/h"), "");
}

}  // namespace
}  // namespace gs::app
