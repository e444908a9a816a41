// Mantine styles for what the first view (login, session check) draws; the staff screens bring
// their own in the layout chunk. TearoomProvider already imports baseline, variables and global.
import "@mantine/core/styles/UnstyledButton.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Input.css";
import "@mantine/core/styles/PasswordInput.css";
import "@mantine/core/styles/ActionIcon.css";
import "@mantine/core/styles/Paper.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Group.css";
import "@mantine/core/styles/Title.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Loader.css";
import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/CloseButton.css";
